"""Live rounds in the line lobby (`class join --plain`) and on a line projector
(`class project --plain`): the puzzle is drawn and asked with the words and the input of
the line mode's puzzles (`app.plain.puzzle_lines`: the same position lines, a move typed
in words or notation read by `read_move`), one answer a round, judged by the hub; then
the round's spread and winning moves with the class against the computer's par, and the
session's summary. A refused answer is said; the round's code says whether another is taken.
"""

from __future__ import annotations

from app.hub.client import HubClient
from app.hub.live_par import team_words
from app.hub.live_words import unanswered
from app.hub.protocol import FromHub
from app.hub.protocol_class import (
    ANSWER_AGAIN,
    LiveAnswer,
    LiveClosed,
    LiveCount,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
)
from app.online.texts import their_words
from app.plain.base import Console
from app.plain.puzzle_lines import position_lines, read_move
from rules.puzzles.bank_file import puzzle_from_json
from rules.puzzles.training import Attempt
from rules.puzzles.words import position_words

HELP = "Type your move (in words or notation) before the time is up, or board for the position."
#: What the lobby still reads as its own commands while a round waits for an answer
#: (every command of `app.plain.hub_join.HELP`: "homework" was read as a move).
LOBBY_WORDS = frozenset(
    {"who", "help", "quit", "accept", "decline", "challenge", "rematch", "watch", "computer"}
    | {"standings", "homework"}
)
MARKS = {"win": "which wins", "draw": "which keeps a draw", "lose": "which loses"}


def spread_lines(closed: LiveClosed) -> list[str]:
    """A closed round's spread in words (a line a choice, the most played first), then
    its winning moves."""
    lines = [
        f"Round {closed.round} closed: {closed.answered} of {closed.asked} answered, "
        f"{closed.right} right."
    ]
    for bar in closed.bars:
        who = f" ({', '.join(their_words(n) for n in bar.names)})" if bar.names else ""
        students = f"{bar.count} student{'' if bar.count == 1 else 's'}{who}"
        lines.append(f"  {students}: {their_words(bar.words)}, {MARKS[bar.judgement]}.")
    if closed.winning:
        lines.append("The winning moves:")
        lines += [f"  {their_words(line)}" for line in closed.winning]
    lines.append(team_words(closed.team, closed.par))
    return lines


class LiveLobby:
    """A student's (or a projector's) live rounds in the line lobby."""

    def __init__(self, client: HubClient, console: Console, projector: bool = False) -> None:
        self.client = client
        self.console = console
        self.projector = projector
        #: The round waiting for this student's answer, and its puzzle's try.
        self.pending: tuple[int, Attempt] | None = None
        #: The round answered or closed, its try, and what a move typed now is told.
        self.after: tuple[Attempt, str] | None = None

    def say(self, text: str) -> None:
        self.console.say(text)

    def shows(self, message: FromHub) -> bool:
        """Say `message` if it is a live round's; whether it was."""
        if isinstance(message, LiveRound):
            self._round(message)
        elif isinstance(message, LiveVerdict):
            if self.pending is not None:
                self.after = (
                    self.pending[1],
                    f"You have answered round {message.round}: one answer a round. "
                    "Wait for it to close.",
                )
            self.pending = None
            self.say(their_words(message.text))
        elif isinstance(message, LiveCount):
            if self.projector:
                self.say(f"{message.answered} of {message.asked} have answered.")
        elif isinstance(message, LiveClosed):
            if self.pending is not None and self.pending[0] == message.round:
                self.say(unanswered(message))
            attempt = self.pending[1] if self.pending else self.after and self.after[0]
            if attempt:
                self.after = (
                    attempt,
                    f"Round {message.round} is closed: an answer counts only before the "
                    "time is up. Wait for the next round.",
                )
            self.pending = None
            self.console.say_all(spread_lines(message))
        elif isinstance(message, LiveSummary):
            self.pending = None  # (the teacher stopped the session mid-round)
            for line in message.lines:
                self.say(their_words(line))
        elif isinstance(message, LiveRefusal):
            self.say(their_words(message.text))
            pending = self.pending  # (another answer is taken, or none: as its code says)
            if pending and pending[0] == message.round and message.code not in ANSWER_AGAIN:
                self.pending = None
        else:
            return False
        return True

    def _round(self, message: LiveRound) -> None:
        puzzle = puzzle_from_json(message.puzzle)
        if puzzle is None:
            self.say(f"Live round {message.round}: the hub's puzzle cannot be read.")
            return
        attempt = Attempt(puzzle)
        self.say(
            f"Live round {message.round} of {message.of}: {message.seconds:.0f} seconds, "
            f"{message.asked} {'student' if message.asked == 1 else 'students'} asked."
        )
        self.console.say_all(position_lines(puzzle, attempt))
        if self.projector:
            return
        self.pending, self.after = (message.round, attempt), None
        self.say(HELP)
        self.say("Your move:")

    def takes(self, line: str) -> bool:
        """Read `line` as the answer to the round waiting for one; False when there is
        none, or the line is one of the lobby's own commands. A move typed for a round
        already answered or closed is told so."""
        text = line.strip()
        word, _, rest = text.lower().partition(" ")
        if self.pending is not None and word == "homework" and rest.strip():
            self.say(  # (an assignment now would leave the round unanswered)
                f"Live round {self.pending[0]} waits for your answer: type your move (or "
                f"let its time run out), then {' '.join(text.split())[:80]}."
            )
            return True
        if not text or word in LOBBY_WORDS:
            return False
        if self.pending is None:
            if self.after and not isinstance(read_move(self.after[0], text), Exception):
                self.say(self.after[1])
                return True
            return False
        number, attempt = self.pending
        if word in ("board", "position"):
            self.console.say_all(position_words(attempt.puzzle.game, attempt.state))
            return True
        move = read_move(attempt, text)
        if isinstance(move, Exception):
            said = str(move)  # ("'…' is not a move: say …", said once)
            self.say(f"{said[:1].upper()}{said[1:]}. {HELP}")
            return True
        self.client.send(LiveAnswer(round=number, move=move[:100]))
        return True
