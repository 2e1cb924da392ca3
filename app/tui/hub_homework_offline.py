"""Homework offline in the full screen (`equation-duel class homework CODE@ADDR:PORT --name
NAME --assignment A` without `--plain`, issue 39): the answers kept from before are
handed in and the assignment fetched when the hub can be reached; then each puzzle is
answered on the lobby's homework board (`app.tui.hub_homework`), judged here by the
hub's own judge and kept to be handed in (`app.hub.homework_kept`, the line mode's
too), the winning moves said once a puzzle is over. The answers are handed in when every
puzzle is over, or on leaving, if the hub can be reached; else at the next connection
(`class join`, `class homework`). The screen under the boards is the homework's desk:
its news (what the hub said, each verdict) and `h` for the next puzzle.
"""

from __future__ import annotations

import asyncio
import ssl
import textwrap
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import RichLog, Static

from app.hub.client import HubClient
from app.hub.homework_judge import NotAnAnswer
from app.hub.homework_kept import UNREACHABLE, OfflineHomework, connected, kept, pending
from app.hub.protocol_class import HomeworkAnswer, HomeworkRefusal, Refused
from app.online.codes import Address
from app.online.protocol import Message
from app.online.texts import their_words
from app.tui.app import EquationDuelApp, run_app
from app.tui.game_screen import SomeGameScreen
from app.tui.hub_homework import Homework
from app.tui.navigation import Home
from app.tui.styles import HUB_STYLES
from widgets.keys_footer import KeysFooter
from widgets.status_line import Level, StatusLine

#: Seconds the hand-in on leaving is waited for at most.
LEAVING_SECONDS = 10.0


class OfflineBoards(Homework):
    """The lobby's homework boards, each try judged here by `homework` (and kept to be
    handed in) instead of the hub; the verdict comes as the hub's would, once the board
    has said the try was taken (`later`)."""

    BACK = "your homework"

    def __init__(
        self,
        homework: OfflineHomework,
        later: Callable[[Callable[[], object]], object],
        news: Callable[[str], None],
        open_board: Callable[[SomeGameScreen], None],
        close_board: Callable[[SomeGameScreen], None],
    ) -> None:
        super().__init__(HubClient(homework.address, homework.name), news, open_board, close_board)
        self.kept = homework
        self.later = later

    def answer(self, answer: HomeworkAnswer) -> None:
        said: Message
        try:
            said = self.kept.judge(answer.puzzle, answer.move, answer.seconds)
        except (NotAnAnswer, OSError) as error:  # (nothing kept: the board takes another)
            text = f"Puzzle {answer.puzzle}: {error}."
            if isinstance(error, OSError):
                text = f"Your answer cannot be kept on this machine: {error}."
            said = HomeworkRefusal(
                assignment=answer.assignment,
                puzzle=answer.puzzle,
                code=Refused.NOT_A_MOVE,
                text=text,
            )
        self.later(lambda: self.shows(said))


class OfflineHomeworkScreen(Home, Screen[None]):
    """The homework's desk (see the module's docstring)."""

    CSS_PATH = HUB_STYLES
    leave_action = "leave_homework"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "homework", "Do it"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(
        self, address: Address, name: str, assignment: str, tls: ssl.SSLContext | None = None
    ) -> None:
        super().__init__()
        self.address, self.student, self.assignment, self.tls = address, name, assignment, tls
        self.boards: OfflineBoards | None = None
        #: The news lines written, as text; a connection to the hub is under way.
        self.told: list[str] = []
        self.busy = False
        #: Said in the terminal once the app is gone (the hand-in on leaving).
        self.farewell = ""

    def compose(self) -> ComposeResult:
        where = self.address
        title = (
            f"Homework {their_words(self.assignment, 32)} · class {where.code} at "
            f"{where.host}:{where.port} · you are {their_words(self.student, 32)}"
        )
        yield Static(Content(title), id="lobby-title")
        with Horizontal(id="lobby-middle"), Vertical(id="lobby-news-box"):
            yield Static("Your homework", classes="lobby-heading")
            yield RichLog(id="lobby-news", wrap=True, markup=False, highlight=False, min_width=20)
        yield StatusLine(id="lobby-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.say("Connecting to the hub to hand in and fetch your homework…")
        self.run_worker(self._start(), group="homework")

    def say(self, text: str, level: Level = "info") -> None:
        self.query_one(StatusLine).show(text, level)

    def news(self, text: str) -> None:
        self.told.append(text)
        self.query_one(RichLog).write(Text(text))  # (the hub's words: never markup)

    async def _connect(self, fetch: str = "") -> bool:
        """Hand in what is kept (and fetch): whether the hub was reached (if not, said)."""
        self.busy = True
        self.refresh_bindings()
        try:
            reached = await connected(self.address, self.student, self.tls, self.news, fetch)
        except OSError as error:
            self.news(f"The homework cannot be kept here: {error}.")
            reached = True  # (reached, but nothing kept: not the hub's fault)
        finally:
            self.busy = False
            self.refresh_bindings()
        if not reached:
            self.news(UNREACHABLE)
            self.say(UNREACHABLE, "error")
        return reached

    async def _start(self) -> None:
        reached = await self._connect(fetch=self.assignment)
        homework = OfflineHomework.open(self.address, self.student, self.assignment, reached)
        if isinstance(homework, str):
            self.news(homework)
            self.say(homework, "error")
            return
        self.boards = OfflineBoards(
            homework, self.call_after_refresh, self.news, self._open, self._close
        )
        self.news(f"{homework.words()[:-1]}: press h to do it.")
        if reached:
            self.say("Press h to do your homework: each answer is judged on this machine.")
        self.refresh_bindings()

    def _open(self, screen: SomeGameScreen) -> None:
        self.app.push_screen(screen)

    def _close(self, screen: SomeGameScreen) -> None:
        if self.app.screen is screen:
            self.app.pop_screen()

    def _pending(self) -> bool:
        entry = kept(self.address, self.student, self.assignment)
        return entry is not None and bool(pending(entry))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "homework":
            boards = self.boards
            return (not self.busy and boards is not None and any(boards.kept.left)) or None
        return True

    def action_homework(self) -> None:
        if self.boards is not None and not self.busy:
            self.boards.shows(self.boards.kept.as_set())

    def on_screen_resume(self) -> None:
        """Back from a board: with every puzzle over, the answers are handed in."""
        self.refresh_bindings()
        boards = self.boards
        done = boards is not None and not any(boards.kept.left)
        if done and not self.busy and self._pending():
            self.run_worker(self._hand_in(), group="homework")

    async def _hand_in(self) -> None:
        if await self._connect():
            self.say("Your answers are handed in: the hub's verdicts are above.", "success")

    async def action_leave(self) -> None:
        """Leave; answers not handed in yet are, if the hub can be reached at once."""
        if self.busy:  # (a connection under way: what it has not handed in stays kept)
            self.workers.cancel_group(self, "homework")
        elif self._pending():
            self.say("Handing in your answers before you leave…")
            try:
                reached = await asyncio.wait_for(
                    connected(self.address, self.student, self.tls, self.news), LEAVING_SECONDS
                )
            except (TimeoutError, OSError):
                reached = False
            self.farewell = (
                "Your answers are handed in." if reached and not self._pending() else UNREACHABLE
            )
        self.app.exit()


class OfflineHomeworkApp(EquationDuelApp):
    """The full screen opened on the homework's desk (over the menu, as `class join`'s
    form is); leaving the desk ends it."""

    def __init__(self, desk: OfflineHomeworkScreen) -> None:
        super().__init__()
        self.desk = desk

    def on_mount(self) -> None:
        self.call_after_refresh(self.push_screen, self.desk)


def run_homework(
    address: Address, name: str, assignment: str, tls: ssl.SSLContext | None = None
) -> int:
    """`class homework` in the full screen; the exit code."""
    app = OfflineHomeworkApp(OfflineHomeworkScreen(address, name, assignment, tls))
    code = run_app(app)
    if app.desk.farewell:  # (lines of the line mode's width)
        print(textwrap.fill(app.desk.farewell, 80, break_long_words=False))
    return code
