"""OperatorPicker: the operators as keys; `+ - * / x` keys and clicks choose one.

It draws its keys itself (Textual's line API), as DigitPool does: one node, restyled
alone. A key's look is `.operator-picker--key` with its states' classes over it, in the
order of `LAYERS` (styles/widgets.tcss; the hint's in styles/analysis.tcss).
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style

from rules.operators import ALL_OPS, Op, shown
from widgets.hovered_keys import HoveredKeys
from widgets.in_place import restyle_alone
from widgets.pool_drawing import key_rows, look_of

VERBS: dict[Op, str] = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}

#: A key's look: its class, then its states' (later ones win where they set a style).
LAYERS = (
    "operator-picker--key",
    "operator-picker--hover",
    "operator-picker--selected",
    "operator-picker--inactive",
    "operator-picker--hint",
)

#: A square key's width and height, and the cells between keys; a list row's width.
KEY_WIDTH, KEY_HEIGHT, GAP, ROW_WIDTH = 5, 3, 1, 12


class OperatorPicker(HoveredKeys):
    """One of + − × ÷, chosen by key or click; the screen keeps which one is chosen."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(LAYERS)

    class Chosen(Message):
        def __init__(self, op: Op) -> None:
            super().__init__()
            self.op = op

    ops: reactive[tuple[Op, ...]] = reactive(ALL_OPS, layout=True)
    selected: reactive[Op | None] = reactive(None)
    active: reactive[bool] = reactive(True)
    #: The player choosing now (1 or 2): the chosen operator is in their colour.
    player: reactive[int] = reactive(1)
    #: The operators a hint suggests (`app.tui.hints.mark_ops`).
    hinted: reactive[frozenset[str]] = reactive(frozenset)

    def __init__(
        self, *, vertical: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=f"{classes or ''} -vertical" if vertical else classes)
        self.vertical = vertical

    def label(self, op: Op) -> str:
        """The key's text; in the vertical list the chosen one is pointed at (▸), so it
        shows without colour too (the square keys get a double border)."""
        if not self.vertical:
            return shown(op)
        pointer = "▸" if op == self.selected else " "
        return f"{pointer}{shown(op)} {VERBS[op]}"

    def key_layers(self, op: Op) -> tuple[str, ...]:
        """The classes of `op`'s key's look, in order."""
        index = self.ops.index(op)
        states = {
            "operator-picker--hover": index == self._hover,
            "operator-picker--selected": op == self.selected,
            "operator-picker--inactive": not self.active,
            "operator-picker--hint": op in self.hinted,
        }
        return tuple(name for name in LAYERS if states.get(name, True))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return ROW_WIDTH if self.vertical else len(self.ops) * (KEY_WIDTH + GAP)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 * len(self.ops) if self.vertical else KEY_HEIGHT

    def key_offset(self, op: Op) -> Offset:
        """The middle of `op`'s key, from the picker's top left (as a click's offset)."""
        index = self.ops.index(op)
        if self.vertical:
            return Offset(ROW_WIDTH // 2, 2 * index)
        return Offset(index * (KEY_WIDTH + GAP) + KEY_WIDTH // 2, 1)

    def _key_at(self, offset: Offset | None) -> int | None:
        if offset is None:
            return None
        if self.vertical:
            index, gap = divmod(offset.y, 2)
            inside = not gap and 0 <= offset.x < ROW_WIDTH
        else:
            index, x = divmod(offset.x, KEY_WIDTH + GAP)
            inside = x < KEY_WIDTH and 0 <= offset.y < KEY_HEIGHT
        return index if inside and 0 <= index < len(self.ops) else None

    def on_mount(self) -> None:
        self._sync()

    def _sync(self) -> None:
        restyle_alone(self, {"-inactive": not self.active, "-player-2": self.player == 2})
        shown_now = tuple((self.label(op), self.key_layers(op)) for op in self.ops)
        if shown_now != self._shown:
            self._shown = shown_now
            self.refresh()

    _shown: tuple[tuple[str, tuple[str, ...]], ...] = ()

    watch_ops = watch_selected = watch_active = watch_player = watch_hinted = _sync

    def render_line(self, y: int) -> Strip:
        style = self.visual_style
        width = self.content_size.width
        if self.vertical:  # (drawn as a Static's rows: its text, its end, its padding)
            index, gap = divmod(y, 2)
            if gap or index >= len(self.ops):
                return Strip.blank(width, Style(background=style.background).rich_style)
            op = self.ops[index]
            look = look_of(self.get_component_styles(*self.key_layers(op)), style)
            label = self.label(op)
            text = look.text.rich_style
            # (the text's end and the padding stay apart, as a Static draws them)
            end = RichStyle(bgcolor=text.bgcolor, meta={"end": True})
            room = ROW_WIDTH - 1 - len(label)
            return Strip(
                [
                    Segment(label, text),
                    *([Segment(" " * room, end)] if room > 0 else []),
                    Segment(" ", Style(background=look.background).rich_style),
                ]
            )
        blank = Strip.blank(width, style.rich_style)
        if y >= KEY_HEIGHT:
            return blank
        between = Strip.blank(GAP, style.rich_style)
        strips: list[Strip] = []
        for op in self.ops:
            look = look_of(self.get_component_styles(*self.key_layers(op)), style)
            strips += [key_rows(self.label(op), look, KEY_WIDTH)[y], between]
        return Strip.join(strips).extend_cell_length(width, style.rich_style)

    def on_click(self, event: events.Click) -> None:
        index = self._key_at(event.get_content_offset(self))
        if index is not None:
            event.stop()
            self.choose(self.ops[index])

    def choose(self, op: Op) -> None:
        """Post `Chosen(op)` (keyboard shortcuts call this)."""
        if self.active:
            self.post_message(self.Chosen(op))
