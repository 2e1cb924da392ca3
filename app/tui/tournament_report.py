"""The teacher's report, as `equation-duel report` prints it, with the class's ratings and
each pupil's accuracy as plots (textual-plotext, the `classroom` extra); read in a thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from app.classroom.report.plots import Plot
from app.store.stats import StatsError
from app.tui.mounting import gone
from app.tui.styles import CLASSROOM_STYLES
from widgets.keys_footer import KeysFooter

#: Said where the plots would be, when textual-plotext is not installed.
NO_PLOTS = (
    "The class's ratings and each pupil's accuracy over time are drawn as plots with the "
    "classroom extra: pip install 'equation-duel[classroom]'."
)


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
        from app.classroom.report.plots import accuracy_plot, rating_plot
        from app.classroom.report.text import report_text

        plots: list[Plot] = []
        try:
            report = gather()
            text = report_text(report, heading=False)
            plots = [p for p in (rating_plot(report), accuracy_plot(report)) if p.series]
        except StatsError as error:
            text = f"The report cannot be read: {error}"
        self.app.call_from_thread(self.show, text, plots)

    def show(self, text: str, plots: Sequence[Plot] = ()) -> None:
        if gone(self):
            return
        self.query_one("#report-text", Static).update(Text(text))
        if not plots:
            return
        body = self.query_one("#report-body", VerticalScroll)
        try:
            from textual_plotext import PlotextPlot
        except ImportError:
            body.mount(Static(Text(NO_PLOTS), id="report-no-plots"))
            return
        for plot in plots:
            widget = PlotextPlot(classes="report-plot")
            body.mount(widget)
            plt = widget.plt
            plt.title(plot.title)
            plt.xlabel(plot.x_label)
            plt.ylabel(plot.y_label)
            for series in plot.series:
                xs = list(range(1, len(series.values) + 1))
                plt.plot(xs, list(series.values), label=series.label, marker="braille")
