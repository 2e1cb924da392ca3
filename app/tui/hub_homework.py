"""Homework in the student's full-screen lobby (issue 39): the lobby says the homework
when the hub tells it ("Homework week1: 5 template puzzles, easy, due Friday 2026-12-04:
press h to do it."), `h` opens it (a choice when there are several), and each puzzle with
tries left is answered on the puzzle screen's board (`app.tui.hub_live`'s
`ClassPuzzleReferee`): the hub's verdict, one retry, the winning moves once it is over,
`n` for the next puzzle. Leaving (Esc) keeps what was answered: the hub has it.
Answers given offline (`class homework`, kept on this machine) are handed in when the
lobby opens (`hand_in_kept`), as the line lobby does: the hub judges each again. Offline
homework (`app.tui.hub_homework_offline`) uses these boards, each try judged here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from app.hub.client import HubClient
from app.hub.homework_judge import puzzle_from_row
from app.hub.homework_kept import hand_in_kept
from app.hub.homework_words import due_words, listing_lines, what_words
from app.hub.protocol import FromHub
from app.hub.protocol_class import (
    ANSWER_AGAIN,
    HomeworkAnswer,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
)
from app.online.texts import their_words
from app.tui.dialogs import Dialog
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_live import ClassPuzzleReferee, class_puzzle_screen, refused, shown_verdict
from app.tui.styles import HUB_STYLES
from rules.puzzles.model import Puzzle
from widgets.keys_footer import KeysFooter

NEXT = " (n: the next puzzle)"
LAST = " (that was the last puzzle of this homework)"


class HomeworkChoice(Dialog[str | None]):
    """Which homework to do, of several."""

    CSS_PATH = HUB_STYLES
    AUTO_FOCUS = "#homework-list"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "answer_none", "Cancel")]

    def __init__(self, listed: dict[str, str]) -> None:
        super().__init__(classes="dialog-screen")
        self.listed = listed

    def compose(self) -> ComposeResult:
        with Vertical(id="homework-box", classes="dialog"):
            yield Static("Which homework? (Enter opens it)", classes="dialog-title")
            yield OptionList(
                *(
                    Option(Content(f"{name}: {what}"), id=name)
                    for name, what in self.listed.items()
                ),
                id="homework-list",
            )
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.answer(event.option.id)

    def action_answer_none(self) -> None:
        self.answer(None)


class Homework:
    """A student's homework in the full-screen lobby: `shows` takes its messages (the open
    homework as data, said with the full screen's key); `news` writes in the lobby's news, `open_board` and
    `close_board` put a puzzle's board over the lobby and take it away."""

    #: Where Esc goes back to from a puzzle's board, in words.
    BACK = "the lobby"

    def __init__(
        self,
        client: HubClient,
        news: Callable[[str], None],
        open_board: Callable[[SomeGameScreen], None],
        close_board: Callable[[SomeGameScreen], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.news = news
        self.open_board = open_board
        self.close_board = close_board
        self.clock = clock
        #: The open homework the hub named, by name: what it is, in words.
        self.listed: dict[str, str] = {}
        #: The assignment being done, its puzzles and each one's tries left.
        self.doing: HomeworkSet | None = None
        self.puzzles: list[Puzzle] = []
        self.left: list[int] = []
        #: The puzzle on screen: its number (from 1), its board, when its try began.
        self.board: tuple[int, SomeGameScreen] | None = None
        self.started = 0.0
        #: The hub's verdicts on this student's tries, as they came.
        self.verdicts: list[HomeworkVerdict] = []

    def answer(self, answer: HomeworkAnswer) -> None:
        """A try, sent to the hub (its verdict comes to `shows`)."""
        self.client.send(answer)

    def shows(self, message: FromHub) -> bool:
        """Show `message` if it is the homework's; whether it was."""
        if isinstance(message, HomeworkSet):
            self._start(message)
        elif isinstance(message, HomeworkVerdict):
            self._verdict(message)
        elif isinstance(message, HomeworkList):
            self._listed(message)
        elif isinstance(message, HomeworkRefusal):
            self._refused(message)
        else:
            return False
        return True

    def _listed(self, listed: HomeworkList) -> None:
        """The open homework the hub sent: said in the news, each to be opened with h."""
        self.listed = {item.name: what_words(item) for item in listed.assignments}
        for line in listing_lines(listed.assignments, "press h"):
            self.news(line)

    def _refused(self, refusal: HomeworkRefusal) -> None:
        """A request or an answer not taken: said; the puzzle on its board takes another
        answer or no more, as the refusal's code says."""
        text = their_words(refusal.text)
        self.news(text)
        board = self.board
        doing = self.doing is not None and self.doing.assignment == refusal.assignment
        if board is not None and doing and board[0] == refusal.puzzle:
            refused(board[1], text, refusal.code in ANSWER_AGAIN)

    def _start(self, got: HomeworkSet) -> None:
        try:
            puzzles = [puzzle_from_row(row) for row in got.puzzles]
        except ValueError as error:
            self.news(f"That homework cannot be read: {error}.")
            return
        if len(got.left) != len(puzzles):
            self.news("That homework cannot be read: its puzzles and their tries differ.")
            return
        self.doing, self.puzzles, self.left = got, puzzles, list(got.left)
        name = their_words(got.assignment, 32)
        self.news(f"Homework {name}: {their_words(got.what)}, due {due_words(got.due)}.")
        if not self._open_next():
            self.news(f"Homework {name} is done: every puzzle is answered.")

    def _open_next(self) -> bool:
        """The next puzzle with tries left, on its board; False when there is none."""
        got = self.doing
        number = next((n for n, tries in enumerate(self.left, 1) if tries > 0), None)
        if got is None or number is None:
            return False
        old, self.board = self.board, None
        if old is not None:
            self.close_board(old[1])
        title = f"Homework {their_words(got.assignment, 32)}, puzzle {number} of {len(self.left)}"
        assignment = got.assignment

        def send(move: str) -> None:
            seconds = min(max(self.clock() - self.started, 0.0), 10**7)
            self.answer(
                HomeworkAnswer(assignment=assignment, puzzle=number, move=move, seconds=seconds)
            )

        referee = ClassPuzzleReferee(self.puzzles[number - 1], title, send, clock=self.clock)
        referee.on_next, referee.back = self._open_next, self.BACK
        screen = class_puzzle_screen(referee)
        self.board = (number, screen)
        self.started = self.clock()
        self.open_board(screen)
        return True

    def _verdict(self, verdict: HomeworkVerdict) -> None:
        self.verdicts.append(verdict)
        text = their_words(verdict.text)
        self.news(
            f"Homework {their_words(verdict.assignment, 32)}, puzzle {verdict.puzzle}: {text}"
        )
        got, board = self.doing, self.board
        if got is None or got.assignment != verdict.assignment or board is None:
            return
        number, screen = board
        if number != verdict.puzzle or not isinstance(screen.referee, ClassPuzzleReferee):
            return
        referee = screen.referee
        self.left[number - 1] = 1 if verdict.retry else 0
        if verdict.retry:
            referee.sent = None  # (one more try, on the same board)
            self.started = self.clock()
        else:
            referee.closed = True
            more = any(tries > 0 for tries in self.left)
            referee.after = NEXT if more else LAST
            referee.next_ready = more
        shown_verdict(screen, text, verdict.right)

    async def hand_in_kept(self) -> None:
        """Hand in every answer kept on this machine for this student in this class (done
        offline, `class homework`): sent, then forgotten here; the hub's verdicts come to
        the news."""
        try:
            await hand_in_kept(self.client, self.news, wait=False)
        except OSError as error:
            self.news(f"The homework kept here was not handed in: {error}.")
