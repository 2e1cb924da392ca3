"""MoveList: the moves so far in words (`8 × 1 = 8`, `27 ÷ 3 = 9`), numbered, coloured by
player. The screen describes the moves (rules.words.moves.short_move); the list shows them."""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Static

from widgets.wrapping import wrap_keeping


@lru_cache(maxsize=1024)
def _wrapped(words: str, room: int, indent: int) -> str:
    """A move's words wrapped to `room` cells, the lines after the first indented (kept:
    the moves already played are wrapped again on every move)."""
    return f"\n{' ' * indent}".join(wrap_keeping(words, room))


class MoveLines(Static):
    """The moves' text. It grows by a line with each move; the layout pass that places it
    already gives the list its new size, so the change of its own (virtual) size asks
    for no second layout pass (Textual would lay the whole screen out again, a frame
    later, for every move)."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class MoveList(VerticalScroll, can_focus=False):
    """The moves in words, newest at the bottom (kept in view)."""

    DEFAULT_CSS = """
    MoveList {
        width: 24; height: 1fr; border: round $foreground 25%; padding: 0 1;
        border-title-color: $text-muted; scrollbar-size-vertical: 1;
    }
    MoveList > Static { height: auto; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-list--p1", "move-list--p2", "move-list--number"}
    DEFAULT_CSS += """
    MoveList > .move-list--p1 { color: $primary; text-style: bold; }
    MoveList > .move-list--p2 { color: $accent; text-style: bold; }
    MoveList > .move-list--number { color: $text-muted; }
    """

    #: (player, the move in words) for each move played.
    moves: reactive[tuple[tuple[int, str], ...]] = reactive((), always_update=True)
    marks: reactive[tuple[str, str]] = reactive(("P1", "P2"))
    #: The width the moves were last wrapped for.
    _wrapped_at = 0
    #: What the text shown was drawn from (the moves, marks, width and styles): a redraw
    #: of the same asks for no update (an update lays the whole screen out again).
    _drawn: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        self.border_title = "Moves"
        yield MoveLines(id="move-lines")

    def on_mount(self) -> None:
        self._sync()

    def on_resize(self) -> None:
        if self.moves and self.scrollable_content_region.width != self._wrapped_at:
            self._sync()  # wrapped again for the new width
        self._keep_newest_in_view()

    def _keep_newest_in_view(self) -> None:
        """Once the moves overflow the list, anchor it: the newest move is then in view
        in the very frame that adds it (no scroll after the refresh), until the player
        scrolls up to read older ones (scrolling back down anchors it again). Not
        before: an anchored list shorter than its box would sit at the bottom."""
        height = self.scrollable_content_region.height
        overflowing = height > 0 and max(1, len(self.moves)) > height
        if overflowing != self.is_anchored:
            self.anchor(overflowing)

    def _styles(self) -> tuple[Style, Style, Style]:
        """The styles of the numbers and of each player's moves (they change with the theme)."""
        return (
            self.get_component_rich_style("move-list--number"),
            self.get_component_rich_style("move-list--p1"),
            self.get_component_rich_style("move-list--p2"),
        )

    def render_moves(self) -> Text:
        text = Text()
        number_style, *player_styles = self._styles()
        if not self.moves:
            return Text("no moves yet", style=number_style)
        width = self.scrollable_content_region.width
        for index, (player, words) in enumerate(self.moves, start=1):
            if index > 1:
                text.append("\n")
            number = f"{index:>2}. "
            text.append(number, style=number_style)
            mark = f"{self.marks[player - 1]} "
            text.append(mark, style=player_styles[player - 1])
            # Wrapped by hand, never inside an equation ("1 +" / "3 = 4"), under the words.
            indent = cell_len(number + mark)
            room = width - indent if width - indent >= 8 else 0
            text.append(_wrapped(words, room, indent))
        return text

    def _sync(self) -> None:
        if not self.is_mounted:
            return
        self._wrapped_at = width = self.scrollable_content_region.width
        drawn = (self.moves, self.marks, width, self._styles())
        if drawn != self._drawn:  # (the board redraws on every key, a move or not)
            self._drawn = drawn
            self.query_one("#move-lines", Static).update(self.render_moves())
        self._keep_newest_in_view()

    def watch_moves(self) -> None:
        self._sync()

    def watch_marks(self) -> None:
        self._sync()
