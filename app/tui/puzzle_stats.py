"""The ratings on the statistics screen: each player's puzzle and game ratings with their
history as a sparkline, the puzzle streaks, today's daily puzzle, and the training: the
daily puzzles solved in a row, the best streak and storm (app.training.puzzle_store).

`RatingsPanel` is one widget the statistics screen yields, given the ratings as read
(`read_ratings`: app.store.ratings_view); it hides when there are none.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.renderables.sparkline import Sparkline as Bars
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Sparkline, Static

from app.store.ratings_view import EMPTY, RatingsSummary, ratings_summary, unreadable_ratings_text
from app.store.stats import StatsError
from app.training.puzzle_store import open_training, training_lines
from rules.registry import GAME_IDS, GAME_INFO


class RatingsPanel(Vertical):
    """Ratings with history, puzzle streaks, the daily puzzle (empty: not shown)."""

    def __init__(self, read: ReadRatings, *, id: str | None = None) -> None:
        """`read`: the ratings and the training, as `read_ratings` read them."""
        super().__init__(id=id)
        self.found, self.problem, self.training = read.found, read.problem, read.training

    def compose(self) -> ComposeResult:
        found = self.found
        if self.problem is not None:
            yield Static(Text(f"The ratings cannot be read: {self.problem}"))
            return
        left_out = unreadable_ratings_text(found.unreadable)
        if not found.ratings and not found.puzzles and not self.training:
            if left_out:
                yield Static(Text(f"Ratings: {left_out}"), classes="ratings-line")
            return
        yield Static("Ratings", classes="stats-heading")
        if left_out:
            yield Static(Text(f"({left_out})"), classes="ratings-line")
        if found.ratings:
            titles = {game_id: GAME_INFO[game_id].name for game_id in GAME_IDS}
            yield RatingRows(
                [
                    (
                        f"{line.player} · {titles.get(line.board, 'Puzzles')}: {line.rating} "
                        f"({line.changes} rated)",
                        line.history,
                    )
                    for line in found.ratings
                ]
            )
        puzzles = [
            f"{p.player}: {p.solved} of {p.tried} puzzles solved, "
            f"{p.streak} in a row (best {p.best_streak})"
            for p in found.puzzles
        ]
        daily = [
            f"Today's puzzle ({d.date}): {d.player} {'solved' if d.solved else 'not solved yet'}"
            for d in found.daily
        ]
        # A widget for each kind of line, not for each line: a class's thirty pupils made
        # ninety widgets to style and lay out as the statistics opened (issue 37).
        for lines, classes in (
            (puzzles, "ratings-line"),
            (daily, "ratings-line"),
            (self.training, "ratings-line training-line"),
        ):
            if lines:
                yield Static(Text("\n".join(lines)), classes=classes)

    def on_mount(self) -> None:
        found = self.found
        self.display = bool(
            found.ratings or found.puzzles or found.unreadable or self.problem or self.training
        )


class RatingRows(Sparkline):
    """The ratings, a line each: its words and its history as a sparkline, all drawn by
    this one widget, a line at a time: only the lines on the screen are drawn (a class's
    ratings are a hundred lines and more, most of them scrolled away as the statistics
    open). The words are a column as wide as the longest, and as the width leaves beside
    at least `FEWEST_BARS` bars (longer words end with an ellipsis); the bars follow, a
    space apart, at most `BARS`. The sparklines' colours are a Sparkline's (its
    component classes)."""

    BARS, FEWEST_BARS = 30, 10

    def __init__(self, rows: Sequence[tuple[str, Sequence[float]]]) -> None:
        super().__init__(summary_function=max)
        self.rows = [(label.partition("\n")[0], list(history)) for label, history in rows]
        self._longest = max((cell_len(label) for label, _ in self.rows), default=0)
        self._drawn: dict[tuple[object, ...], Strip] = {}

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not 0 <= y < len(self.rows):
            return Strip.blank(width, self.visual_style.rich_style)
        _, base = self.background_colors
        low = base + self.get_component_styles("sparkline--min-color").color
        high = base + self.get_component_styles("sparkline--max-color").color
        key = (y, width, low, high, self.visual_style)
        drawn = self._drawn.get(key)
        if drawn is None:  # (drawn once: a layout or a scroll asks again)
            label, history = self.rows[y]
            words = max(0, min(self._longest, width - 1 - self.FEWEST_BARS))
            bars = Bars(
                history,
                width=max(1, min(self.BARS, width - words - 1)),
                height=1,
                min_color=low.rich_color,
                max_color=high.rich_color,
                summary_function=self.summary_function,
            )
            line = visualize(self, _Line(Text(label), bars, words))
            drawn = self._drawn[key] = Visual.to_strips(self, line, width, 1, self.visual_style)[0]
        return drawn


class _Line:
    """Words in `width` columns (ended by an ellipsis if longer), a space, then the bars."""

    def __init__(self, words: Text, bars: Bars[float], width: int) -> None:
        self.words, self.bars, self.width = words, bars, width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        self.words.truncate(self.width, overflow="ellipsis", pad=True)
        yield from self.words.render(console)
        yield Segment(" ")
        yield from console.render(self.bars, options)


@dataclass(frozen=True)
class ReadRatings:
    """The ratings as read (`problem`: why they could not be), and the training's words."""

    found: RatingsSummary
    problem: str | None
    training: list[str]


def read_ratings() -> ReadRatings:
    """Read the ratings and the training (touches no widget: it may run in a thread)."""
    try:
        found, problem = ratings_summary(), None
    except StatsError as error:
        found, problem = EMPTY, str(error)
    return ReadRatings(found, problem, _training_lines())


def _training_lines() -> list[str]:
    """The training in words (app.training.puzzle_store), or nothing when it cannot be read."""

    try:
        conn = open_training()
    except (StatsError, OSError):
        return []
    try:
        return training_lines(conn)
    except StatsError:
        return []
    finally:
        conn.close()
