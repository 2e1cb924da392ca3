"""The Report screen (ctrl+r on the class list and on a tournament's screen): the
teacher's report, as `equation-duel report` prints it (the title once, as the screen's),
with where its data lives. The solver judges the
recorded moves in a thread, so the screen stays responsive while it reads."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from app.store.stats import StatsError
from app.tui.mounting import gone
from app.tui.styles import CLASSROOM_STYLES
from widgets.keys_footer import KeysFooter


class ReportScreen(Screen[None]):
    """Each player's games, accuracy, mistakes and puzzles."""

    CSS_PATH = CLASSROOM_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self) -> None:
        super().__init__(classes="report-screen")

    def compose(self) -> ComposeResult:
        yield Static("Teacher's report", id="report-title")
        with VerticalScroll(id="report-body"):
            yield Static("Reading the games and judging their moves…", id="report-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):
            return
        self.query_one("#report-body").focus()
        self.read_report()

    @work(thread=True, exclusive=True)
    def read_report(self) -> None:
        from app.classroom.report.gather import gather
        from app.classroom.report.text import report_text

        try:
            text = report_text(gather(), heading=False)
        except StatsError as error:
            text = f"The report cannot be read: {error}"
        self.app.call_from_thread(self.show, text)

    def show(self, text: str) -> None:
        if gone(self):
            return
        self.query_one("#report-text", Static).update(Text(text))
