"""Live rounds and homework in the student's full-screen lobby (issue 39): each puzzle is
answered on the puzzle screen's own board (`board_screen`: the game's board, its keys and
clicks, the rules' refusals), with a `ClassPuzzleReferee` that sends the first legal move
to the hub instead of judging it here (the hub judges: `live-verdict`,
`homework-verdict`); the verdict is said on the board's status line, the round's spread,
its winning moves and the session's summary in the lobby's news.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Literal

from rich.text import Text
from textual.widgets import Input

from app.hub.client import HubClient
from app.hub.live_words import unanswered
from app.hub.protocol import FromHub
from app.hub.protocol_class import (
    ANSWER_AGAIN,
    LiveAnswer,
    LiveClosed,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
)
from app.match_session.referee import PUZZLE_ACTIONS, USUAL, Offer, Referee
from app.match_session.setup import GameSetup, Seat
from app.online.texts import their_words
from app.tui.boards import board_screen
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_project import chart
from rules.base import IllegalMove
from rules.puzzles.bank_file import puzzle_from_json
from rules.puzzles.model import Puzzle

#: The game screen's keys a class's puzzle does not offer (only the board, rules, leave).
NOT_OFFERED = PUZZLE_ACTIONS | {"hint", "undo", "undo_off", "rematch", "new_game", "save"}


class ClassPuzzleReferee(Referee):
    """A class's puzzle (a live round's, a homework's): the student's first legal move is
    handed to `send` (notation) and not played here; the hub's verdict comes later
    (`verdict`). `title` names it ("Live round 2 of 5"); `deadline` (a clock's time) gives
    a countdown."""

    keeps = False
    dialogs = False

    def __init__(
        self,
        puzzle: Puzzle,
        title: str,
        send: Callable[[str], None],
        deadline: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        after: str = "",
    ) -> None:
        self.puzzle = puzzle
        self.title = title
        self.send = send
        self.deadline = deadline
        self.clock = clock
        #: The move sent (notation), and the hub's words on it once they came.
        self.sent: str | None = None
        self.said: str | None = None
        #: No answer is taken any more (the round closed, the puzzle is over).
        self.closed = False
        #: Why it closed unanswered, said on the status line.
        self.ended = "Time is up."
        #: What the lobby then shows, in words (", its spread and winning moves").
        self.after = after
        #: Where Esc goes back to, in words (offline homework has no lobby).
        self.back = "the lobby"
        #: The next puzzle (homework's `n`, offered once `next_ready`): opens it.
        self.on_next: Callable[[], bool] | None = None
        self.next_ready = False

    @property
    def setup(self) -> GameSetup:
        """Both seats by their number, as the hub's words name them."""
        seats = (Seat("Player 1"), Seat("Player 2"))
        return GameSetup.make(self.puzzle.game, self.puzzle.options, seats)

    def offers(self, action: str) -> Offer:
        if action == "next_puzzle":
            return self.next_ready
        return False if action in NOT_OFFERED else USUAL

    def following(self) -> None:
        """The next puzzle: opened by `on_next` (over the lobby, as this one was)."""
        if self.next_ready and self.on_next is not None:
            self.next_ready = False
            self.on_next()

    def variant_words(self, variant: str) -> str:
        """The round and its difficulty: the game's options are on the board, and with
        them the title bar ran into the game's name and was cut at 80 columns."""
        return f" {self.title} · {self.puzzle.difficulty} puzzle"

    def seconds_left(self) -> int | None:
        if self.deadline is None or self.sent is not None or self.closed:
            return None
        return max(0, math.ceil(self.deadline - self.clock()))

    def task(self, state: Any, board_hint: str) -> str:
        closed = f"{self.title} is over: Esc goes back to {self.back}{self.after}."
        if self.said is not None:
            return f"{self.said} {closed}" if self.closed else self.said
        if self.closed:
            return closed if self.sent is not None else f"{self.ended} {closed}"
        if self.sent is not None:
            return "Sent: waiting for the hub's verdict…"
        left = self.seconds_left()
        clock = "" if left is None else f" {left} seconds left."
        return f"Player {self.puzzle.to_move} to move and win.{clock} {board_hint}".strip()

    @property
    def ticking(self) -> str | None:
        left = self.seconds_left()
        return None if left is None else str(left)

    @property
    def keeps_task_in_view(self) -> bool:
        return True

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        if self.closed:
            return "This puzzle is closed: no answer is taken any more."
        if self.sent is not None:
            return "You answered already: one answer a puzzle."
        if game.to_move(state) != self.puzzle.to_move or game.is_over(state):
            return "play"
        try:
            game.play(state, move)
        except IllegalMove:
            return "play"  # the rules say why, and the student tries again
        self.sent = str(game.format_move(move))
        self.send(self.sent)
        return "Sent: waiting for the hub's verdict…"


def class_puzzle_screen(referee: ClassPuzzleReferee) -> SomeGameScreen:
    """The puzzle screen's board at `referee`'s puzzle, its move handed to the referee."""
    puzzle = referee.puzzle
    return board_screen(puzzle.game)(referee.setup, list(puzzle.moves), referee=referee)


def settle(screen: SomeGameScreen) -> None:
    """`screen`'s answer is judged or its puzzle closed: a move half made on its board
    (collect's pick waiting for its declaration) is let go, and once closed the keys leave
    the declaration, so Esc goes back to the lobby (the declaration's Esc took it, "end
    the turn", and was refused)."""
    if not screen.is_mounted:
        return
    screen.board.reset_input()
    screen.redraw()
    referee = screen.referee
    closed = isinstance(referee, ClassPuzzleReferee) and referee.closed
    if closed and isinstance(screen.focused, Input):  # (sudden death: it keeps asking)
        screen.set_focus(None)


def shown_verdict(screen: SomeGameScreen, text: str, right: bool) -> None:
    """The hub's verdict on the board: said, and kept as its task."""
    referee = screen.referee
    if isinstance(referee, ClassPuzzleReferee):
        referee.said = text
        text = referee.task(None, "")
    settle(screen)
    if screen.is_mounted:
        screen.say(text, "success" if right else "error")
        screen.refresh_bindings()


def refused(screen: SomeGameScreen, text: str, again: bool) -> None:
    """The hub took no verdict on the answer sent from `screen`: said on the board; the
    student answers `again`, or the puzzle takes no more answers."""
    referee = screen.referee
    if not isinstance(referee, ClassPuzzleReferee) or referee.sent is None or referee.said:
        return
    if again:
        referee.sent = None
    else:
        referee.said, referee.closed = text, True
        settle(screen)
    if screen.is_mounted:
        screen.say(text if again else referee.task(None, ""), "error")
        screen.refresh_bindings()


class LiveRounds:
    """A student's live rounds in the full-screen lobby: `shows` takes the hub's live
    messages; `news` writes in the lobby's news, `open` shows a puzzle's board over it."""

    def __init__(
        self,
        client: HubClient,
        news: Callable[[str | Text], None],
        open_board: Callable[[SomeGameScreen], None],
        close_board: Callable[[SomeGameScreen], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.news = news
        self.open_board = open_board
        self.close_board = close_board
        self.clock = clock
        #: The round on screen: its number and its board.
        self.board: tuple[int, SomeGameScreen] | None = None
        #: The hub's last verdict on this student's answer.
        self.verdict: LiveVerdict | None = None

    def shows(self, message: FromHub) -> bool:
        """Show `message` if it is a live round's; whether it was."""
        if isinstance(message, LiveRound):
            self._round(message)
        elif isinstance(message, LiveVerdict):
            self.verdict = message
            text = their_words(message.text)
            self.news(f"Round {message.round}: {text}")
            if self.board is not None and self.board[0] == message.round:
                shown_verdict(self.board[1], text, message.judgement != "lose")
        elif isinstance(message, LiveClosed):
            self._closed(message)
        elif isinstance(message, LiveSummary):
            if self.board is not None:  # (the teacher stopped the session mid-round)
                self._close(self.board[1])
            for line in message.lines:
                self.news(their_words(line))
        elif isinstance(message, LiveRefusal):
            self.refused(message)
        else:
            return message.kind == "live-count"  # (the projector's)
        return True

    def refused(self, refusal: LiveRefusal) -> None:
        """The hub did not take the answer sent: said in the news and on its board, which
        takes another answer or no more, as the refusal's code says."""
        text = their_words(refusal.text)
        self.news(text)
        if self.board is not None and self.board[0] == refusal.round:
            refused(self.board[1], text, refusal.code in ANSWER_AGAIN)

    def _round(self, message: LiveRound) -> None:
        puzzle = puzzle_from_json(message.puzzle)
        if puzzle is None:
            self.news(f"Live round {message.round}: the hub's puzzle cannot be read.")
            return
        self._leave()
        number = message.round

        def send(move: str) -> None:
            self.client.send(LiveAnswer(round=number, move=move[:100]))

        title = f"Live round {number} of {message.of}"
        after = " (the round's spread and its winning moves are in its news)"
        referee = ClassPuzzleReferee(
            puzzle, title, send, self.clock() + message.seconds, self.clock, after
        )
        screen = class_puzzle_screen(referee)
        self.board = (number, screen)
        self.news(f"{title}: {message.seconds:.0f} seconds to answer, on the board.")
        self.open_board(screen)

    def _closed(self, closed: LiveClosed) -> None:
        board = self.board
        if board is not None and board[0] == closed.round:
            referee = board[1].referee
            if isinstance(referee, ClassPuzzleReferee) and referee.sent is None:
                self.news(unanswered(closed))
                if closed.stopped:
                    referee.ended = "The teacher stopped the session."
        if board is not None and board[0] == closed.round:
            self._close(board[1])
        self.news(
            f"Round {closed.round} closed: {closed.answered} of {closed.asked} answered, "
            f"{closed.right} right."
        )
        self.news(chart(closed))
        if closed.winning:
            self.news("The winning moves:")
            for line in closed.winning:
                self.news(f"• {their_words(line)}")

    def _close(self, screen: SomeGameScreen) -> None:
        """The round on `screen` closed: its board stays, taking no more answers."""
        referee = screen.referee
        if isinstance(referee, ClassPuzzleReferee):
            referee.closed = True
        settle(screen)
        if isinstance(referee, ClassPuzzleReferee) and screen.is_mounted:
            screen.say(referee.task(None, ""))  # (not a refusal said before the answer)
            screen.refresh_bindings()

    def _leave(self) -> None:
        """A new round: the last one's board closes (the lobby is under it)."""
        if self.board is not None:
            screen = self.board[1]
            self.board = None
            self._close(screen)
            self.close_board(screen)
