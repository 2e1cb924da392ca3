"""What every game's plain-text driver shares: the console and the turn loop.

A driver (one module per game in this package) knows its seed's prompts and messages. The
loop here is written once against the game protocol: it asks the driver for a human's
move, or a computer player for its move, plays it, and lets the driver report it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import IO, Any, ClassVar

from app.seat_names import is_computer_name
from rules.base import Frozen, Game, IllegalMove, Outcome, PlayerNo
from rules.words.common import name_players as name_players  # where the drivers find it
from rules.words.moves import describe_move
from rules.words.outcome import result_sentence
from rules.words.voice import Voice

#: A computer player: given the state, it returns its move.
Bot = Callable[[Any], Any]


class EndOfInput(Exception):
    """Standard input ended: the program stops cleanly."""


class Console:
    """Line-by-line input and output (standard streams, or strings in tests)."""

    def __init__(self, stdin: IO[str], stdout: IO[str]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = not stdin.isatty() if hasattr(stdin, "isatty") else False

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Print the prompt, read one line (without its newline); EndOfInput at the end.

        When input is not a terminal the answer is echoed, so a transcript reads like the
        seed's samples.
        """
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if line == "":
            self.stdout.write("\n")
            raise EndOfInput
        answer = line.rstrip("\r\n")
        if self.echo:
            self.stdout.write(answer + "\n")
        return answer


class PlainDriver(ABC):
    """One game's prompts and messages. Subclasses live in `app/plain/<game>.py`."""

    game_id: ClassVar[str]

    def __init__(self, game: Game[Any, Any, Any], console: Console, names: tuple[str, str]):
        self.game = game
        self.console = console
        self.names = names

    def name(self, player: PlayerNo) -> str:
        return self.names[player - 1]

    def say(self, text: str = "") -> None:
        self.console.say(text)

    @abstractmethod
    def welcome(self, state: Any) -> None:
        """What the seed prints when the game starts (or resumes at this state)."""

    @abstractmethod
    def human_turn(self, state: Any) -> Any:
        """Prompt the player to move until they give a move `play` accepts; return it.

        Input that is not a move gets the seed's message and the prompt again. Raises
        EndOfInput when input ends.
        """

    @abstractmethod
    def report(self, before: Any, move: Any, after: Any) -> None:
        """Say what the move did (the seed's messages after a move)."""

    def announce_computer(self, state: Any, move: Any) -> None:
        player = self.game.to_move(state)
        name = self.name(player)
        who = name if is_computer_name(name) else f"{name} (computer)"
        described = describe_move(self.game.id, state, move, Voice(self.names))
        self.say(f"{who}: {described}.")

    def final(self, outcome: Outcome) -> None:  # noqa: B027 (a hook; empty by default)
        """What the seed prints when the game ends; the result line follows it."""

    def start_round(self, state: Any) -> None:
        """A later round of a match begins at `state` (app.plain.match_runner); by default
        the welcome again. A driver whose welcome greets overrides it to show the board."""
        self.welcome(state)

    def result_line(self, outcome: Outcome) -> str:
        """The last line of every game, the same in all five: who wins and why."""
        return result_sentence(outcome, self.names)

    def run(
        self,
        state: Frozen,
        bots: dict[PlayerNo, Bot] | None = None,
        on_move: Callable[[Any, Any, Any], None] | None = None,
    ) -> Frozen:
        """Play from `state` until the game is over; return the final state.

        A game with more to it (a match of rounds, a clock) overrides this. EndOfInput
        propagates to the caller, which ends the program cleanly.
        """
        game = self.game
        bots = bots or {}
        self.welcome(state)
        while (outcome := game.outcome(state)) is None:
            player = game.to_move(state)
            bot = bots.get(player)
            if bot is not None:
                move = bot(state)
                self.announce_computer(state, move)
            else:
                move = self.human_turn(state)
            try:
                after = game.play(state, move)
            except IllegalMove as error:  # a driver or bot slip must not end the program
                self.say(str(error))
                continue
            self.report(state, move, after)
            if on_move is not None:
                on_move(state, move, after)
            state = after
        self.final(outcome)
        self.say(self.result_line(outcome))
        return state


def run_plain(
    driver: PlainDriver,
    state: Frozen,
    bots: dict[PlayerNo, Bot] | None = None,
    on_move: Callable[[Any, Any, Any], None] | None = None,
) -> Frozen:
    """Play a game line by line from `state` with this driver; return the final state."""
    return driver.run(state, bots, on_move)
