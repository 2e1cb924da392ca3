"""The statistics screen: per player and game, head to head, and against the computer.

What `equation-duel stats` prints (app.store.stats.summary), as three tables, and after them
the ratings, in the order `stats` prints them (a class's ratings are a line per pupil and
game: put first, the screen had to open scrolled past them). Tab moves between the tables,
the arrows (or the mouse wheel) within one; Escape goes back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Static

from app.store import stats_text
from app.tui.mounting import StyledAsMounted, gone, scrolls_from_the_start
from app.tui.puzzle_stats import RatingsPanel
from app.tui.read_soon import WAIT, ReadSoon, reads_in_thread
from app.tui.stats_read import ReadStatistics, read_statistics, taken_ahead
from app.tui.styles import SCREEN_STYLES
from rules.registry import GAME_IDS, GAME_INFO
from widgets.keys_footer import KeysFooter


def game_name(game_id: str) -> Text:
    """The game's short title (a game this program does not know: its id, as text)."""
    return Text(GAME_INFO[game_id].name if game_id in GAME_IDS else game_id)


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


#: The rows a table is given at first, and again whenever it is scrolled near the end of
#: those it has: a class's 2,000 games make about 1,500 rows, and DataTable measures every
#: cell it is given (about 220 ms for those, issue 37) though a table shows nine at a time
#: (ten rows fill it; a first page of twenty made the screen's work 4 % more).
PAGE = 10

#: How long the screen waits for the statistics as it is composed (app.tui.read_soon).
WAIT_FOR_READ = WAIT

#: The rows a table shows (its `max-height` in styles/records.tcss, 12, less its border and
#: its header).
ROWS_SHOWN = 9


class GrowingTable(DataTable[object]):
    """A DataTable given its rows a page at a time: the next page as it is scrolled near
    the end of those it has, all of them at once for ctrl+end (its last row). The rows
    waiting are not made until their page is added."""

    def __init__(self, id: str) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.waiting: Iterator[tuple[object, ...]] = iter(())
        self.more = False

    def add_rows_by_page(self, rows: Iterable[tuple[object, ...]]) -> None:
        self.waiting, self.more = chain(self.waiting, rows), True
        self.grow()

    def grow(self, every: bool = False) -> None:
        """Add the next page of rows waiting (or all of them)."""
        if self.more:
            page = list(self.waiting if every else islice(self.waiting, PAGE))
            self.more = not every and len(page) == PAGE
            self.add_rows(page)
            self.measure_now()

    def measure_now(self) -> None:
        """Measure the rows just added, as DataTable does once idle: its size is then known
        to the next layout (measured once idle, the table's rows came after a layout that
        showed it empty, and the screen was laid out and drawn again)."""
        added, self._new_rows = self._new_rows, set()
        self._require_update_dimensions = False
        self._update_dimensions(added)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.more and new_value >= self.max_scroll_y - ROWS_SHOWN // 2:
            self.grow()

    def action_scroll_bottom(self) -> None:
        self.grow(every=True)
        super().action_scroll_bottom()


class StatsScreen(StyledAsMounted, Screen[None]):
    """Every finished game counted: who played, who won, and how often."""

    CSS_PATH = SCREEN_STYLES
    #: Nothing at first: the players' table once filled (Textual's first focusable widget
    #: is the body; focused and then left, it restyled every table twice, issue 37).
    AUTO_FOCUS = ""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,s", "app.pop_screen", "Back"),
    ]

    def __init__(self, *, read_in_thread: bool | None = None) -> None:
        """`read_in_thread`: read the statistics in a thread started now, while the screen
        mounts (None: unless the app is headless, where tests find them as the screen
        opens)."""
        super().__init__(classes="stats-screen")

        #: What was read, once it was (read as the screen is composed, unless in a thread).
        self.read: ReadStatistics | None = None
        #: The read in a thread, started with the screen: it reads while the screen mounts.
        self._reading: ReadSoon[ReadStatistics] | None = None
        read_in_thread = reads_in_thread(self, read_in_thread)
        if read_in_thread and (ahead := taken_ahead(wait=False)) is not None:
            self.read = ahead  # (read while the player read the menu)
        elif read_in_thread:
            self._reading = ReadSoon(
                self,
                lambda: taken_ahead(wait=True) or read_statistics(),
                self._filled_later,
                name="equation-duel-statistics",
            )

    def compose(self) -> ComposeResult:
        if self._reading is None and self.read is None:  # (else read ahead)
            self.read = read_statistics()
        elif self._reading is not None:
            self.read = next(iter(self._reading.take(WAIT_FOR_READ)), None)
        yield Static("Statistics", id="stats-title")
        yield Static("" if self.read else "Reading the statistics…", id="stats-summary")
        with VerticalScroll(id="stats-body"):
            if self.read is not None:
                yield from self._sections(self.read)
        yield KeysFooter()

    def _sections(self, read: ReadStatistics) -> Iterator[Widget]:
        """The body as read: a heading and a table for each table that has rows (none
        without games; a table hidden was styled all the same), then the ratings."""
        found = read.summary
        if found is not None and found.games:
            for name, title, shown in (
                ("players", "Players", True),
                ("h2h", "Head to head", bool(found.head_to_head)),
                ("cpu", "Against the computer", bool(found.against_computer)),
            ):
                if shown:
                    yield Static(title, classes="stats-heading", id=f"stats-{name}-heading")
                    yield GrowingTable(id=f"stats-{name}")
        yield RatingsPanel(read.ratings, id="stats-ratings")

    def on_mount(self) -> None:
        # Not read yet (the sqlite reads, and a class's many rows, took longer): the screen
        # shows first, saying so. Gone: popped or replaced before it mounted.
        if not gone(self) and self.read is not None:
            self._fill(self.read)

    async def _filled_later(self, read: ReadStatistics) -> None:
        if gone(self):  # left before the statistics were read
            return
        self.read = read
        await self.query_one("#stats-body", VerticalScroll).mount_all(self._sections(read))
        self._fill(read)

    def _fill(self, read: ReadStatistics) -> None:
        if gone(self):
            return
        self._say(read)
        # The body's scroll bar (more lines than the screen leaves it) shown before the
        # first layout, which would find it and lay the screen out again.
        scrolls_from_the_start(self.query_one("#stats-body", VerticalScroll))

    def _say(self, read: ReadStatistics) -> None:
        """The summary, and the tables filled (their scroll bars shown) and focused."""
        summary_line = self.query_one("#stats-summary", Static)
        found = read.summary
        if found is None:
            summary_line.update(Text(f"The statistics cannot be read: {read.problem}"))
            summary_line.add_class("-error")
            self.set_focus(self.query_one("#stats-body"))  # (what there is scrolls)
            return
        left_out = stats_text.unreadable_text(found.unreadable)
        left_out = f" ({left_out})" if left_out else ""
        if found.games == 0:
            summary_line.update(
                f"No games recorded yet: every finished game is counted here.{left_out}"
            )
            self.set_focus(self.query_one("#stats-body"))  # (the ratings, if any, scroll)
            return
        plural = "game" if found.games == 1 else "games"
        summary_line.update(Text(f"{found.games} finished {plural} recorded{left_out}"))
        players = self.query_one("#stats-players", GrowingTable)
        players.add_columns("Player", "Game", "Played", "Won", "Lost", "Win %", "Streak")
        # People first, then the computer's seats ("Computer (perfect)"), apart.
        players.add_rows_by_page(
            (
                Text(p.shown),  # (with the players met online: "Ada, against Bob (online)")
                game_name(p.game),
                p.played,
                p.won,
                p.lost,
                percent(p.win_rate),
                stats_text.streak_text(p.streak),
            )
            for p in sorted(found.players, key=lambda p: p.name in found.computers)
        )
        for h2h in self.query("#stats-h2h").results(GrowingTable):  # (there if it has rows)
            h2h.add_columns("Players", "Game", "Played", "Score")
            h2h.add_rows_by_page(
                (
                    Text(f"{h.first} vs {h.second}"),
                    game_name(h.game),
                    h.played,
                    f"{h.first_won}–{h.second_won}",
                )
                for h in found.head_to_head
            )
        for cpu in self.query("#stats-cpu").results(GrowingTable):
            cpu.add_columns("Player", "Game", "Level", "Played", "Won", "Lost", "Win %")
            cpu.add_rows_by_page(
                (
                    Text(a.name),
                    game_name(a.game),
                    a.level,
                    a.played,
                    a.won,
                    a.lost,
                    percent(a.won / a.played if a.played else 0.0),
                )
                for a in found.against_computer
            )
        # Focused as Textual's own auto focus does: its focused look set now, before the
        # first layout (`focus()` sets it when its message comes, after the first frame,
        # which is drawn again), and not scrolled to: it is at the top.
        players.has_focus = True
        self.set_focus(players, scroll_visible=False)
        for table in self.query(GrowingTable).results(GrowingTable):
            scrolls_from_the_start(table)  # (more rows than its most height)
