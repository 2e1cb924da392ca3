"""MoveList: the moves so far in words, numbered, each mover's name in their colour.

A box of fixed size that scrolls its lines itself (Textual's line API): a move asks for
no layout of the screen, and only the lines in view are drawn.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from widgets.wrapping import wrap_keeping


@lru_cache(maxsize=1024)
def _wrapped(words: str, room: int, indent: int) -> str:
    """A move's words wrapped to `room` cells, the lines after the first indented (kept:
    the moves already played are wrapped again on every move)."""
    return f"\n{' ' * indent}".join(wrap_keeping(words, room))


class MoveList(ScrollView, can_focus=False):
    """The moves in words, newest at the bottom: kept in view while the list is scrolled
    to its end (a move played then scrolls it on), left where the player scrolled it
    otherwise."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-list--p1", "move-list--p2", "move-list--number"}

    #: (player, the move in words) for each move played, a line that begins with the
    #: player's name as `names` gives it: `Ann picks 5` (`_sync` repaints on a change).
    moves: reactive[tuple[tuple[int, str], ...]] = reactive((), always_update=True, repaint=False)
    #: The players as the lines name them (their names are drawn in their colours).
    marks: reactive[tuple[str, str]] = reactive(("Player 1", "Player 2"))
    #: What the lines shown were drawn from: a redraw of the same changes nothing.
    _drawn: tuple[object, ...] | None = None
    #: The lines to show, wrapped for the list's width; the rendered ones in view.
    _lines: list[Text]
    _strips: dict[int, Strip]
    _strips_style: tuple[Style, int] | None = None

    def on_mount(self) -> None:
        self.border_title = "Moves"
        self._lines = []
        self._strips = {}
        self._sync()

    def on_resize(self) -> None:
        self._sync()  # wrapped again for the new width

    def _styles(self) -> tuple[Style, Style, Style]:
        """The styles of the numbers and of each player's moves (they change with the theme)."""
        return (
            self.get_component_rich_style("move-list--number"),
            self.get_component_rich_style("move-list--p1"),
            self.get_component_rich_style("move-list--p2"),
        )

    def render_moves(self, width: int | None = None) -> Text:
        """The whole list as text, each move's words wrapped under its number for `width`
        cells (the list's own by default)."""
        text = Text()
        number_style, *player_styles = self._styles()
        if not self.moves:
            return Text.assemble(("no moves yet", number_style))  # (a span: kept when wrapped)
        if width is None:
            width = self.scrollable_content_region.width
        for index, (player, words) in enumerate(self.moves, start=1):
            if index > 1:
                text.append("\n")
            number = f"{index:>2}. "
            text.append(number, style=number_style)
            # Wrapped by hand, never inside an equation ("1 + 3 = 4"), under the name.
            indent = cell_len(number)
            room = width - indent if width - indent >= 8 else 0
            start = len(text)
            text.append(_wrapped(words, room, indent))
            mark = self.marks[player - 1]
            if words.startswith(mark):  # the mover's name in their colour
                text.stylize(player_styles[player - 1], start, start + len(mark))
        return text

    def _wrap(self, width: int) -> list[Text]:
        if width <= 0:
            return []
        return list(self.render_moves(width).wrap(self.app.console, width, overflow="fold"))

    def _sync(self) -> None:
        self._wrap_anew(drawing=False)

    def _wrap_anew(self, drawing: bool) -> None:
        """Wrap the lines anew if what they show or the room changed (`drawing`: as they
        are drawn, which repaints them anyway)."""
        if not self.is_mounted:
            return
        room, height = self.content_region.size
        bar = self.styles.scrollbar_size_vertical
        drawn = (self.moves, self.marks, room, height, self._styles())
        if drawn == self._drawn:
            return
        self._drawn = drawn
        lines = self._wrap(room)
        width = room
        if len(lines) > height and room > bar:  # a scrollbar takes a column
            width = room - bar
            lines = self._wrap(width)
        self._lines = lines
        self._strips = {}
        size = Size(width, len(lines))
        if (len(lines) > height) != (self.virtual_size.height > height):
            self.virtual_size = size  # the scrollbar comes or goes: a layout pass
        else:
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
            if not drawing:
                self.refresh()
        if self._following:
            self.scroll_y = self.max_scroll_y
            self.scroll_target_y = self.scroll_y

    #: Whether the list is scrolled to its end (then a move, or a resize, scrolls it on).
    _following = True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def render_lines(self, crop: Region) -> list[Strip]:
        self._wrap_anew(drawing=True)  # (the first frame: the list's size was not known before)
        self._looks = None  # (worked out once for all the lines drawn now)
        return super().render_lines(crop)

    #: The text's style, the padding's and the width, for the lines being drawn.
    _looks: tuple[Style, Style, int] | None = None

    def _drawing_looks(self) -> tuple[Style, Style, int]:
        if self._looks is None:
            base = self.rich_style
            under, background = self.background_colors
            blank = VisualStyle(background=under + background).rich_style  # (as Textual pads)
            self._looks = (base, blank, self.scrollable_content_region.width)
        return self._looks

    def render_line(self, y: int) -> Strip:
        base, blank, width = self._drawing_looks()
        if (base, width) != self._strips_style:
            self._strips_style = (base, width)
            self._strips = {}
        index = round(self.scroll_y) + y
        if index >= len(self._lines):
            return Strip.blank(width, blank)
        strip = self._strips.get(index)
        if strip is None:
            line = self._lines[index].render(self.app.console)
            text = Strip(line).apply_style(base).crop(0, width)
            # The words carry their place (for selecting text); the rest of the line
            # is padded as Textual pads a line of text.
            strip = text.apply_offsets(0, index).extend_cell_length(width, blank)
            self._strips[index] = strip
        return strip

    watch_moves = watch_marks = _sync
