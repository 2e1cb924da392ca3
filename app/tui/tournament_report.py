"""The teacher's report, as `equation-duel report` prints it, with the class's ratings and
each pupil's accuracy as plots (textual-plotext, the `classroom` extra).

The report is read in a thread. The class's screens read it ahead (`read_ahead`) while the
teacher reads them, so ctrl+r shows it whole in the screen's first frame (issue 37): a
report read ahead is shown only when nothing it reads has changed since (`data_stamp`).
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from app.store.stats import StatsError
from app.tui.mounting import gone
from app.tui.styles import CLASSROOM_STYLES
from widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from app.classroom.report.plots import Plot

#: Said where the plots would be, when textual-plotext is not installed.
NO_PLOTS = (
    "The class's ratings and each pupil's accuracy over time are drawn as plots with the "
    "classroom extra: pip install 'equation-duel[classroom]'."
)

#: Seconds after a class's screen opens before the report is read ahead (its own frames
#: are out by then; a teacher quicker than that waits for the read as before).
AHEAD_AFTER = 0.5


@dataclass(frozen=True)
class Read:
    """The report as the screen shows it, and the stamp of what it read (None: something
    changed while it was read, so it is not shown later)."""

    text: str
    plots: tuple[Plot, ...] = ()
    stamp: tuple[object, ...] | None = None


def read_report() -> Read:
    """The report read now (in a thread: the records and the statistics database)."""
    from app.classroom.report.gather import data_stamp, gather
    from app.classroom.report.plots import accuracy_plot, rating_plot
    from app.classroom.report.text import report_text

    try:
        before = data_stamp()
        report = gather()
        text = report_text(report, heading=False)
        plots = tuple(p for p in (rating_plot(report), accuracy_plot(report)) if p.series)
        after = data_stamp()
    except StatsError as error:
        return Read(f"The report cannot be read: {error}")
    return Read(text, plots, after if after == before else None)


#: The report each running app read ahead (or is reading).
_AHEAD: weakref.WeakKeyDictionary[App[Any], Future[Read]] = weakref.WeakKeyDictionary()


def read_ahead(screen: Screen[Any]) -> None:
    """Read the report in a thread soon, while a class's `screen` shows (not once it is
    left or covered, nor for a headless app, the tests': their data folders come and go)."""
    if screen.app.is_headless:
        return

    def start() -> None:
        if screen.is_active and not gone(screen):
            _start(screen.app)

    screen.set_timer(AHEAD_AFTER, start, name="report-ahead")


def _start(app: App[Any]) -> None:
    reading = _AHEAD.get(app)
    if reading is not None and not reading.done():
        return  # (one read at a time)
    if ready_report(app) is not None:
        return  # (nothing changed since the last)
    future: Future[Read] = Future()
    _AHEAD[app] = future

    def run() -> None:
        with contextlib.suppress(ImportError):  # (the plots' widget: not on the key)
            import textual_plotext  # noqa: F401
        try:
            found = read_report()  # (again when this read stored judgements, once)
            future.set_result(read_report() if found.stamp is None else found)
        except BaseException as error:  # (said by the screen that asks for it)
            future.set_exception(error)

    threading.Thread(target=run, name="equation-duel-report", daemon=True).start()


def _still_true(found: Read) -> bool:
    from app.classroom.report.gather import data_stamp

    return found.stamp is not None and found.stamp == data_stamp()


def ready_report(app: App[Any]) -> Read | None:
    """The report read ahead, when it is read and still true (None otherwise)."""
    reading = _AHEAD.get(app)
    if reading is None or not reading.done() or reading.exception() is not None:
        return None
    found = reading.result()
    return found if _still_true(found) else None


class ReportScreen(Screen[None]):
    """Each player's games, accuracy, mistakes and puzzles."""

    CSS_PATH = CLASSROOM_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self) -> None:
        super().__init__(classes="report-screen")
        self._ready: Read | None = None

    def compose(self) -> ComposeResult:
        self._ready = ready = ready_report(self.app)
        yield Static("Teacher's report", id="report-title")
        with VerticalScroll(id="report-body"):
            first, rest = ("Reading the games and judging their moves…", "")
            if ready is not None:
                first, rest = parts(ready.text)
            yield Static(Text(first), id="report-text")
            more = Static(Text(rest), id="report-more")
            more.display = bool(rest)
            yield more
            if ready is not None:
                yield from plot_widgets(ready.plots)
        yield KeysFooter()

    def on_mount(self) -> None:
        if not gone(self) and self._ready is None:  # (the body has the keys: Textual's focus)
            self.read_in_thread()

    @work(thread=True, exclusive=True)
    def read_in_thread(self) -> None:
        reading = _AHEAD.get(self.app)
        found = None
        if reading is not None:
            try:
                found = reading.result()  # (a read ahead not done: waited for)
            except Exception:  # (read again below, which says what is wrong)
                found = None
        if found is None or not _still_true(found):
            found = read_report()
        self.app.call_from_thread(self.show, found.text, found.plots)

    def show(self, text: str, plots: Sequence[Plot] = ()) -> None:
        if gone(self):
            return
        first, rest = parts(text)
        self.query_one("#report-text", Static).update(Text(first))
        more = self.query_one("#report-more", Static)
        more.update(Text(rest))
        more.display = bool(rest)
        if plots:
            self.query_one("#report-body", VerticalScroll).mount_all(list(plot_widgets(plots)))


#: The report's lines shown in its first part: a Static draws all its lines as it first
#: shows, the second part only once scrolled to (a class's report is 250 lines and more).
FIRST_LINES = 60


def parts(text: str) -> tuple[str, str]:
    """The report's first lines, to a pupil's end, and the rest ("" when none)."""
    lines = text.split("\n")
    cut = next((n for n in range(FIRST_LINES, len(lines)) if not lines[n]), len(lines))
    return "\n".join(lines[:cut]), "\n".join(lines[cut:])


def plot_widgets(plots: Sequence[Plot]) -> Iterator[Widget]:
    """The plots drawn by textual-plotext, or a line saying how to have them."""
    if not plots:
        return
    try:
        from textual_plotext import PlotextPlot
    except ImportError:
        yield Static(Text(NO_PLOTS), id="report-no-plots")
        return
    for plot in plots:
        widget = PlotextPlot(classes="report-plot")
        plt = widget.plt
        plt.title(plot.title)
        plt.xlabel(plot.x_label)
        plt.ylabel(plot.y_label)
        for series in plot.series:
            xs = list(range(1, len(series.values) + 1))
            plt.plot(xs, list(series.values), label=series.label, marker="braille")
        yield widget
