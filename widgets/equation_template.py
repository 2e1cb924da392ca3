"""EquationTemplate: one player's template with its slots (clickable), a slot cursor and
the value; the screen owns the cursor and the digits.

It draws its slots, operators and value line itself (Textual's line API), as the pool
draws its keys: a slot is a key (`widgets.pool_drawing`). The slots' looks are its
component classes (`styles/widgets.tcss`); a slot's look is its class with those of its
states over it, in the order of `LAYERS`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style

from rules.equation.template import parse_template
from rules.operators import shown
from widgets.hovered_keys import HoveredKeys
from widgets.in_place import restyle_alone
from widgets.pool_drawing import Look, key_rows, look_of

#: A slot's look: its class, then its states' (later ones win where they set a style).
LAYERS = (
    "equation-template--slot",
    "equation-template--hover",
    "equation-template--filled",
    "equation-template--cursor",
    "equation-template--hint",
)
VALUE = "equation-template--value"

#: A slot's width and the rows of the slots (the value line is under them).
SLOT_WIDTH = 5
ROWS = 3


class Piece(NamedTuple):
    """A slot (its number, from 1) or a token (slot 0: an operator or a paren, drawn with
    a cell either side), where it begins across and its width."""

    slot: int
    text: str
    x: int
    width: int


@lru_cache(maxsize=64)
def pieces_of(template: str) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    x = slot = 0
    for token in parse_template(template).tokens:
        if token.kind == "slot":
            slot += 1
            piece = Piece(slot, "", x, SLOT_WIDTH)
        else:
            text = shown(token.op) if token.kind == "op" and token.op is not None else token.text
            piece = Piece(0, text, x, cell_len(text) + 2)
        pieces.append(piece)
        x += piece.width
    return tuple(pieces)


class EquationTemplate(HoveredKeys):
    COMPONENT_CLASSES: ClassVar[set[str]] = {*LAYERS, VALUE}

    class SlotChosen(Message):
        def __init__(self, player: int, slot: int) -> None:
            super().__init__()
            self.player = player
            self.slot = slot

    template: reactive[str] = reactive("_ + _ × _")
    values: reactive[tuple[int | None, ...]] = reactive((None, None, None))
    #: The slot (1-based) with the cursor, or None when the cursor is elsewhere.
    cursor: reactive[int | None] = reactive(None)
    #: The partial value or the result, as the screen words it.
    value_text: reactive[str] = reactive("")
    active: reactive[bool] = reactive(False)
    #: The slot a hint suggests (`app.tui.boards.template`), if any.
    hinted: reactive[int | None] = reactive(None)

    def __init__(
        self,
        player: int,
        template: str = "_ + _ × _",
        *,
        active: bool = False,
        id: str | None = None,
    ) -> None:
        # (`active` as composed: styled so as it mounts, not restyled after)
        super().__init__(id=id, classes=f"-p{player} -active" if active else f"-p{player}")
        self.player = player
        self.set_reactive(EquationTemplate.active, active)
        #: The slot under the mouse, if any; what was last shown (a repaint asked for
        #: nothing would cost a frame); the slots' looks in this repaint (by their classes).
        self._shown: tuple[object, ...] = ()
        self._looks: dict[tuple[str, ...], Look] = {}
        self.set_reactive(EquationTemplate.template, template)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return ROWS + 1

    def slot_text(self, slot: int) -> str:
        """The digit in `slot` ("" when empty)."""
        value = self.values[slot - 1] if slot <= len(self.values) else None
        return "" if value is None else str(value)

    def slot_layers(self, slot: int) -> tuple[str, ...]:
        """`slot`'s look: its component classes, as `LAYERS` orders them."""
        states = {
            "equation-template--hover": slot == self._hover,
            "equation-template--filled": self.slot_text(slot) != "",
            "equation-template--cursor": slot == self.cursor,
            "equation-template--hint": slot == self.hinted,
        }
        return tuple(name for name in LAYERS if states.get(name, True))

    def slot_offset(self, slot: int) -> Offset:
        """The centre of `slot`, from the template's top left (as a click's offset)."""
        piece = next(p for p in pieces_of(self.template) if p.slot == slot)
        gutter = self.styles.gutter
        return Offset(gutter.left + piece.x + piece.width // 2, gutter.top + 1)

    def _key_at(self, offset: Offset | None) -> int | None:
        if offset is None or not 0 <= offset.y < ROWS:
            return None
        for piece in pieces_of(self.template):
            if piece.slot and piece.x <= offset.x < piece.x + piece.width:
                return piece.slot
        return None

    def on_mount(self) -> None:
        self._sync()

    def _sync(self) -> None:
        # `-full` styles the value line, `-active` the border: set without restyling, then
        # the template alone is restyled if they changed (its looks are worked out then).
        restyle_alone(
            self, {"-full": all(v is not None for v in self.values), "-active": self.active}
        )
        slots = [p.slot for p in pieces_of(self.template) if p.slot]
        now = (
            self.template,
            tuple((self.slot_text(s), self.slot_layers(s)) for s in slots),
            self.value_text,
        )
        if now != self._shown:
            self._shown = now
            self.refresh()

    watch_template = watch_values = watch_cursor = watch_value_text = _sync
    watch_active = watch_hinted = _sync

    def render_lines(self, crop: Region) -> list[Strip]:
        self._looks = {}  # (a restyle, a turn's or a theme's, comes with a repaint)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        style = self.visual_style.rich_style
        if y >= ROWS:  # (the rest of the line as Textual pads a line)
            return Strip([Segment(self.value_text, self.get_visual_style(VALUE).rich_style)])
        pad = Segment(" ", Style(background=self.visual_style.background).rich_style)
        strips: list[Strip] = []
        for piece in pieces_of(self.template):
            if piece.slot:
                layers = self.slot_layers(piece.slot)
                if (look := self._looks.get(layers)) is None:
                    styles = self.get_component_styles(*layers)
                    look = self._looks[layers] = look_of(styles, self.visual_style)
                strips.append(key_rows(self.slot_text(piece.slot), look, piece.width)[y])
            else:  # (its text in the middle row, a cell either side)
                text = piece.text if y == 1 else " " * (piece.width - 2)
                strips.append(Strip([pad, Segment(text, style), pad], piece.width))
        return Strip.join(strips)

    def on_click(self, event: events.Click) -> None:
        slot = self._key_at(event.get_content_offset(self))
        if slot is not None:
            event.stop()
            self.post_message(self.SlotChosen(self.player, slot))
