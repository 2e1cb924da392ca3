"""What every game's plain-text driver shares: the console and the driver's hooks (the
turn loop is `app.plain.match_runner`; each game's prompts are `app/plain/<game>.py`)."""

from __future__ import annotations

import io
import re
import select
import textwrap
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import IO, Any, ClassVar, NoReturn

from app.match_session.starts import one_game_from
from app.plain.match_runner import MatchRunner
from app.plain.spoken import spoken_text
from app.plain.stops import EndOfInput, TimeUp
from rules.base import Frozen, Game, Outcome, PlayerNo
from rules.player_text import MAX_LINE, NOT_TEXT, PlayerTextError, decode, describe_char
from rules.seat_names import is_computer_name
from rules.words.common import capitalized, name_players
from rules.words.moves import describe_move
from rules.words.outcome import result_sentence
from rules.words.voice import Voice

#: A computer player: given the state, it returns its move.
Bot = Callable[[Any], Any]

#: The longest line the line mode writes (a longer one is broken at spaces).
WIDTH = 100


#: A player's text quoted back (`'999...'`) too long for a line.
_LONG_QUOTE = re.compile(r"(['\"])([^\s'\"]{" + str(WIDTH // 2) + r",})\1")


def _shortened(found: re.Match[str]) -> str:
    quote, text = found.group(1), found.group(2)
    return f"{quote}{text[:20]}…{quote} ({len(text):,} characters)"


#: Any other word too long for a line (a player's equation of 3,000 brackets), but not a
#: file's path, which is kept whole.
_LONG_WORD = re.compile(r"(?<!\S)(?![/~]|[A-Za-z]:\\)(\S{" + str(WIDTH) + r",})")


def _cut(found: re.Match[str]) -> str:
    text = found.group(1)
    return f"{text[:20]}… ({len(text):,} characters)"


class Console:
    """Line-by-line input and output (standard streams, or strings in tests). A line
    that is not UTF-8, holds control characters or runs past `MAX_LINE` characters is a
    bad input with a message, and the prompt comes again."""

    def __init__(self, stdin: IO[str], stdout: IO[str], *, spoken: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = not stdin.isatty() if hasattr(stdin, "isatty") else False
        #: The `--spoken` style: equations said in words ("6 times 7 is 42").
        self.spoken = spoken
        #: Answers a command word typed at any prompt: True when the line was one.
        self.commands: Callable[[str], bool] | None = None
        #: Turns a move typed in words into what the prompt reads ("take 7" -> "7").
        self.rewrite: Callable[[str], str] | None = None
        #: The name the player gave for puzzles, to be rated (None: not asked yet).
        self.player: str | None = None
        #: While a person's turn has a time limit: (the match's clock, when the turn
        #: started, the limit in seconds); at a terminal the read ends when it runs out.
        self.turn_clock: tuple[Callable[[], float], float, float] | None = None

    def say(self, text: str = "") -> None:
        self.stdout.write(self.shown(text) + "\n")
        self.stdout.flush()

    def say_all(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def shown(self, text: str) -> str:
        """`text` as the line mode writes it: spoken (`--spoken`) and broken at spaces
        into lines of at most `WIDTH` characters (a screen reader reads a line at a time)."""
        said = spoken_text(text) if self.spoken else text
        if len(said) <= WIDTH:
            return said
        said = _LONG_WORD.sub(_cut, _LONG_QUOTE.sub(_shortened, said))
        if said.count("; ") >= 2:  # a list of moves or facts: one a line, not cut inside one
            said = ";\n".join(said.split("; "))
        return "\n".join(
            "\n".join(
                textwrap.wrap(line, WIDTH, break_long_words=False, break_on_hyphens=False) or [""]
            )
            for line in said.split("\n")
        )

    def ask(self, prompt: str, heading: str | None = None) -> str:
        """Print the prompt, read one line (without its newline); EndOfInput at the end.

        `heading`: a line said before the prompt, and again after a command's answer.
        When input is not a terminal the answer is echoed, so a transcript reads like the
        seed's samples.
        """
        if heading is not None:
            self.say(heading)
        while True:
            self.stdout.write(prompt)
            self.stdout.flush()
            try:
                answer = self._readline()
            except PlayerTextError as error:
                if self.echo:
                    self.stdout.write("\n")
                self.say(f"{capitalized(str(error))}: try again.")
                continue
            if self.echo:
                self.stdout.write(answer + "\n")
            if self.commands is not None and self.commands(answer):
                if heading is not None:
                    self.say(heading)
                continue
            return answer if self.rewrite is None else self.rewrite(answer)

    def _wait_for_a_line(self) -> None:
        """At a terminal during a timed turn, wait for the player's line only as long as
        the turn has left: TimeUp when it runs out first. (Piped input is read as it
        comes; an online game's input is read by its own loop.)"""
        if self.turn_clock is None or not isinstance(self.stdin, io.TextIOBase):
            return
        if not self.stdin.isatty():
            return
        clock, started, limit = self.turn_clock
        left = started + limit - clock()
        if left <= 0 or not select.select([self.stdin], [], [], left)[0]:
            self.stdout.write("\n")  # (the prompt's line ends: what follows is said below it)
            raise TimeUp(max(clock() - started, limit))

    def _readline(self) -> str:
        self._wait_for_a_line()
        # Bytes where the stream has them, decoded here: a line that is not UTF-8 is a
        # bad input with a message, not a crash.
        stream: Any = getattr(self.stdin, "buffer", None) or self.stdin
        limit = _LINE_BYTES if stream is not self.stdin else MAX_LINE + 1
        data = stream.readline(limit + 1)
        if not data:
            self._end()
        if len(data) > limit and data[-1:] not in ("\n", b"\n"):
            _drain(stream.readline)
            raise PlayerTextError(_TOO_LONG)
        answer = (decode(data) if isinstance(data, bytes) else data).rstrip("\r\n")
        if len(answer) > MAX_LINE:
            raise PlayerTextError(_TOO_LONG)
        for char in answer:
            if char != "\t" and unicodedata.category(char) in ("Cc", "Cs"):
                if unicodedata.category(char) == "Cs":
                    raise PlayerTextError(NOT_TEXT)
                raise PlayerTextError(f"{describe_char(char)} is not allowed")
        return answer

    def _end(self) -> NoReturn:
        self.stdout.write("\n")
        raise EndOfInput


_LINE_BYTES = 4 * MAX_LINE + 2
_TOO_LONG = f"that line is too long (more than {MAX_LINE:,} characters)"


def _drain(readline: Callable[[int], Any]) -> None:
    """Skip the rest of an overlong line without keeping it."""
    while True:
        chunk = readline(65536)
        if not chunk or chunk[-1:] in ("\n", b"\n"):
            return


class PlainDriver(ABC):
    """One game's prompts and messages. Subclasses live in `app/plain/<game>.py`."""

    game_id: ClassVar[str]

    def __init__(self, game: Game[Any, Any, Any], console: Console, names: tuple[str, str]):
        self.game = game
        self.console = console
        self.names = names
        #: Input ended (or Ctrl+C came) after part of a move was chosen: the move is played
        #: with what was chosen (a collect pick), then this is raised (`stop_pending`).
        self.pending_stop: BaseException | None = None
        #: Hands a move to the match (`MatchRunner.offer`, set while it runs): None when
        #: it was played, else the refusal in words.
        self.submit: Callable[[Any], str | None] | None = None

    def offer(self, move: Any) -> bool:
        """Hand `move` to the match at the prompt: True when it was played; else the
        refusal is said and the prompt asks again (the match's answer is the only check)."""
        if self.submit is None:
            raise RuntimeError("a move was offered with no match to play it")
        refusal = self.submit(move)
        if refusal is None:
            return True
        self.say_refusal(refusal)
        return False

    def say_refusal(self, reason: str) -> None:
        self.say(reason)

    def stop_pending(self) -> None:
        stop, self.pending_stop = self.pending_stop, None
        if stop is not None:
            raise stop

    def name(self, player: PlayerNo) -> str:
        return self.names[player - 1]

    def names_in(self, text: str) -> str:
        """A rules message with the players' names for "Player 1" and "Player 2"."""
        return name_players(text, self.names)

    def say(self, text: str = "") -> None:
        self.console.say(text)

    @abstractmethod
    def welcome(self, state: Any) -> None:
        """What the seed prints when the game starts (or resumes at this state)."""

    @abstractmethod
    def human_turn(self, state: Any) -> Any:
        """Prompt the player to move; return the move handed to the match (`offer`), or
        a move for the match loop to hand over. EndOfInput when input ends."""

    @abstractmethod
    def report(self, before: Any, move: Any, after: Any) -> None:
        """Say what the move did (the seed's messages after a move)."""

    #: The report after a move already says the move and who made it: in the `--spoken`
    #: style the computer's move is then not announced before it too.
    report_says_move = False

    def announce_computer(self, state: Any, move: Any) -> None:
        if self.report_says_move and self.console.spoken:
            return
        described = describe_move(self.game.id, state, move, Voice(self.names))
        self.say(f"{self.computer_words(self.game.to_move(state))}: {described}.")

    def computer_words(self, player: PlayerNo) -> str:
        """The computer's seat as its moves are announced (not "Computer (…) (computer)")."""
        name = self.name(player)
        return name if is_computer_name(name) else f"{name} (computer)"

    def final(self, outcome: Outcome) -> None:  # noqa: B027 (a hook; empty by default)
        """What the seed prints when the game ends; the result line follows it."""

    def start_round(self, state: Any) -> None:
        """A later round of a match begins at `state`: by default the welcome again."""
        self.welcome(state)

    def result_line(self, outcome: Outcome) -> str:
        return result_sentence(outcome, self.names)

    def run(
        self,
        state: Frozen,
        bots: dict[PlayerNo, Bot] | None = None,
        on_move: Callable[[Any, Any, Any], None] | None = None,
    ) -> Frozen:
        """Play a single game from `state` to its end; the final state. EndOfInput
        propagates."""
        match = one_game_from(self.game.id, state)
        runner = MatchRunner(self, match, bots, on_move=on_move, start=state)
        runner.run()
        final: Frozen = runner.session.state
        return final
