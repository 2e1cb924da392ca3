"""Commands in words at every prompt of the line mode, beside the moves (`HELP`).

Each is answered in a few sentences, and the prompt comes again. None of these words is a
move in any game (a test checks it). A takeback stops the turn (`TakenBack`: the match
loop asks again from the new position); `quit` ends the game with `Quit`, which the
caller catches as the end of input.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from app.match_session.session import MatchSession
from app.plain.board_words import MOVE_FORMS, position_lines
from app.plain.choosing import Lines, yes_no
from app.plain.stops import Quit, TakenBack
from rules.words.moves import describe_move
from rules.words.voice import Voice

if TYPE_CHECKING:
    from app.process.search_process import SearchProcess

#: The command words and their other spellings.
COMMANDS = {
    word: command
    for command, others in {
        "help": ("?", "commands"),
        "board": ("position",),
        "last": (),
        "moves": ("history",),
        "hint": (),
        "undo": ("takeback", "take back"),
        "clock": ("time",),
        "rules": (),
        "save": (),
        "quit": ("exit",),
    }.items()
    for word in (command, *others)
}

HELP = (
    "Commands, at any prompt: help, board (the position), last (the last move), moves "
    "(all moves), hint, undo (or takeback), clock, rules, save, quit."
)
WIDTH = 79
#: Said once when a hint is asked for (the helper may take a while).
THINKING = "Thinking about a hint\N{HORIZONTAL ELLIPSIS}"
#: Markdown's bold and italic marks (not the `*` of a move such as 6*7).
_MARKS = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])")


def hint_search() -> Callable[..., Any]:
    """What the helper process runs for a hint (`rules.analysis.hint`; a test swaps it
    for a search held back)."""
    from rules.analysis import hint  # (on demand)

    return hint


def command_of(line: str) -> str | None:
    """The command `line` names (None: it is not a command)."""
    return COMMANDS.get(" ".join(line.strip().lower().split()))


def rules_lines(game_id: str) -> list[str]:
    """A game's rules as plain lines of at most `WIDTH` characters (no Markdown marks)."""
    from rules.rulebook import rules_markdown  # (on demand)

    lines: list[str] = []
    paragraph: list[str] = []
    indent = ""

    def flush() -> None:
        if paragraph:
            text = " ".join(paragraph)
            lines.extend(textwrap.wrap(text, WIDTH, subsequent_indent=indent) or [""])
            paragraph.clear()

    for raw in rules_markdown(game_id).splitlines():
        line = _MARKS.sub(r"\1", raw.replace("`", "")).strip()
        item = line.startswith(("- ", "1.", "2.", "3.", "4.", "5.", "6."))
        if not line or item or line.startswith(("#", "|")):
            flush()
            indent = "  " if item else ""
        if not line:
            continue
        if line.startswith("#"):
            lines.append(line.lstrip("# ").strip() + ".")
            continue
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            paragraph.append(": ".join(c for c in cells if c))
            flush()
            continue
        paragraph.append(line)
    flush()
    return lines


class Commands:
    """Answers the command words for one match (`app.plain.match_runner` installs it)."""

    def __init__(
        self,
        session: MatchSession[Any, Any, Any],
        lines: Lines,
        names: tuple[str, str],
        turn_used: Callable[[], float],
        save: Callable[[], str] | None = None,
        refused: Mapping[str, str] | None = None,
    ) -> None:
        """`refused`: commands not offered here, and what is said instead."""
        self.session = session
        self.refused = dict(refused or {})
        self.lines = lines
        self.names = names
        self.turn_used = turn_used
        self.save = save
        self.game_id = session.game.id
        #: The helper process hints are worked out in (started at the first hint).
        self.searches: SearchProcess | None = None

    def __call__(self, line: str) -> bool:
        command = command_of(line)
        if command is None:
            return False
        if command in self.refused:
            self.say(self.refused[command])
            return True
        getattr(self, f"do_{command}")()
        return True

    def say(self, text: str) -> None:
        self.lines.say(text)

    def say_wrapped(self, text: str) -> None:
        for line in textwrap.wrap(text, WIDTH):
            self.say(line)

    # The commands

    def do_help(self) -> None:
        self.say_wrapped(HELP)
        self.say_wrapped(MOVE_FORMS[self.game_id])

    def do_board(self) -> None:
        for line in position_lines(self.game_id, self.session.state, self.names):
            self.say(line)
        self.say(self.turn_line())
        if self.session.turn_seconds is not None:
            self.do_clock()

    def turn_line(self) -> str:
        session = self.session
        who = self.names[session.to_move - 1]
        line = f"It is {who}'s turn."
        if session.best_of > 1:
            wins = session.wins
            line += (
                f" Round {session.round_number} of a best of {session.best_of}; "
                f"rounds won: {self.names[0]} {wins[0]}, {self.names[1]} {wins[1]}."
            )
        return line

    def do_last(self) -> None:
        self.do_moves(last=True)

    def do_moves(self, last: bool = False) -> None:
        session = self.session
        if not session.moves:
            self.say("No move has been played yet in this round.")
            return
        played = list(zip(session.moves, session.history, strict=True))
        for number, ((player, move), before) in enumerate(played, start=1):
            if last and number < len(played):
                continue
            described = describe_move(self.game_id, before, move, Voice(self.names))
            self.say(f"{'' if last else f'{number}. '}{self.names[player - 1]}: {described}.")

    def do_hint(self) -> None:
        """The solver's hint, worked out in a helper process as on the full screen
        (`app.process.search_process`): said to be coming once; Ctrl+C stops the wait (the
        helper is ended) and the prompt comes again, the game going on."""
        # (on demand)
        from app.process.search_process import SearchCancelled, SearchFailed, SearchProcess

        if self.session.is_over:
            self.say("The game is over: there is nothing to hint.")
            return
        self.say(THINKING)
        if self.searches is None:
            self.searches = SearchProcess()
        try:
            found = self.searches.run(hint_search(), self.game_id, self.session.state, self.names)
        except KeyboardInterrupt:
            self.searches.cancel()
            self.say("Stopped thinking: no hint. The game goes on.")
            return
        except (SearchFailed, SearchCancelled) as error:
            detail = error.detail if isinstance(error, SearchFailed) else str(error)
            self.say(f"No hint here: {detail}.")
            return
        self.say_wrapped(f"Hint: {found.text}" if found.move is not None else found.text)

    def close(self) -> None:
        """End the helper process of the hints, if one was started (the match is over)."""
        if self.searches is not None:
            self.searches.close()

    def do_undo(self) -> None:
        session = self.session
        if not session.takebacks_allowed:
            self.say("Takebacks are off in this game: moves against the computer stand.")
            return
        said = session.take_back()
        if said is None:
            self.say("There is no move of yours to take back.")
            return
        self.say(said)
        raise TakenBack(said)

    def do_clock(self) -> None:
        limit = self.session.turn_seconds
        if limit is None:
            self.say("This game has no turn clock: take your time.")
            return
        left = max(0, int(limit - self.turn_used()))
        self.say(f"{left} of {limit} seconds left for this turn.")

    def do_rules(self) -> None:
        for line in rules_lines(self.game_id):
            self.say(line)

    def do_save(self) -> None:
        if self.save is None:
            self.say("This game cannot be saved here.")
            return
        self.say(self.save())

    def do_quit(self) -> None:
        if yes_no(self.lines, "Quit this game? It is kept to resume later. (yes/no): "):
            raise Quit("You quit")
        self.say("The game goes on.")
