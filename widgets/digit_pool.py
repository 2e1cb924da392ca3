"""DigitPool: a pool of numbers as keys. Digit keys, arrows + Enter, and clicks pick.

Without colour every look still shows: chosen keys have a double border, used and held
ones a dashed border and struck text (held ones with the holder's mark). The pool holds
no game state: it posts `Picked(number)` and the screen asks the rules.

It draws its keys itself (Textual's line API), so a turn restyles one node. The looks are
its component classes (`styles/pool.tcss`); a key's look is its class with those of its
states over it, in the order of `LAYERS`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from widgets.hovered_keys import HoveredKeys
from widgets.in_place import restyle_alone
from widgets.pool_drawing import Look, key_rows, look_of
from widgets.pool_keyboard import PoolKeyboard

#: A key's look: its class, then its states' (later ones win where they set a style).
LAYERS = (
    "digit-pool--key",
    "digit-pool--hover",
    "digit-pool--selected",
    "digit-pool--used",
    "digit-pool--p1",
    "digit-pool--p2",
    "digit-pool--typed",
    "digit-pool--cursor",
    "digit-pool--hint",
)

#: What the pool shows: its grid (columns, rows, key width), each key's label and classes.
Shown = tuple[tuple[int, int, int], tuple[tuple[str, tuple[str, ...]], ...]]


class DigitPool(PoolKeyboard, HoveredKeys, can_focus=True):
    """The numbers of a pool; taken ones show who holds them and cannot be picked."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(LAYERS)

    class Picked(Message):
        """The player chose `number` (by key, click or cursor)."""

        def __init__(self, pool: DigitPool, number: int) -> None:
            super().__init__()
            self.pool = pool
            self.number = number

        @property
        def control(self) -> DigitPool:
            return self.pool

    #: number -> copies left when a number appears more than once (shown as ×2).
    counts: reactive[Mapping[int, int]] = reactive(dict)
    selected: reactive[tuple[int, ...]] = reactive(())
    #: How the two players are marked on the keys they hold (e.g. initials).
    marks: reactive[tuple[str, str]] = reactive(("1", "2"))
    #: The player choosing now (1 or 2): chosen keys are in their colour.
    player: reactive[int] = reactive(1)
    #: The numbers a hint suggests (`app.tui.hints.mark_keys`).
    hinted: reactive[frozenset[int]] = reactive(frozenset)

    def __init__(
        self,
        numbers: tuple[int, ...] = (),
        *,
        columns: int = 9,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        #: The key under the mouse (its index), if any.
        #: The looks of the keys' classes (by the classes), each line drawn (by its y).
        self._looks: dict[tuple[str, ...], Look] = {}
        self._lines: dict[int, Strip] = {}
        #: Each key's label and look, as last shown.
        self._shown: Shown | None = None
        #: What the rows were drawn with (the looks' styles, the pool's own style).
        self._drawn_with: tuple[object, ...] = ()
        self.set_reactive(DigitPool.numbers, numbers)
        self.set_reactive(DigitPool.columns, columns)

    #: Cells a key takes across (its width plus the gutter) and down.
    KEY_WIDTH = 8
    KEY_HEIGHT = 3

    def _grid(self) -> tuple[int, int, int]:
        """Columns, rows and a key's width."""
        columns = max(1, min(self.columns, len(self.numbers) or 1))
        rows = max(1, -(-len(self.numbers) // columns))
        key_width = self.KEY_WIDTH - 2 if self.has_class("-compact") else self.KEY_WIDTH
        return columns, rows, key_width - 1

    def get_content_width(self, container: Size, viewport: Size) -> int:
        columns, _, width = self._grid()
        return columns * (width + 1) - 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._grid()[1] * self.KEY_HEIGHT

    def _key_at(self, offset: Offset | None) -> int | None:
        """The key at `offset` in the content (None: between keys, or beyond them)."""
        if offset is None:
            return None
        columns, _, width = self._grid()
        column, x = divmod(offset.x, width + 1)
        index = (offset.y // self.KEY_HEIGHT) * columns + column
        if x >= width or column >= columns or not 0 <= index < len(self.numbers):
            return None
        return index

    def key_region(self, number: int) -> Region:
        """Where `number`'s key is drawn, in the pool's content (`render_line`'s lines)."""
        index = self.numbers.index(number)
        columns, _, width = self._grid()
        row, column = divmod(index, columns)
        return Region(column * (width + 1), row * self.KEY_HEIGHT, width, self.KEY_HEIGHT)

    def key_offset(self, number: int) -> Offset:
        """The centre of `number`'s key, from the pool's top left (as a click's offset)."""
        region = self.key_region(number)
        gutter = self.styles.gutter
        return Offset(gutter.left + region.x + region.width // 2, gutter.top + region.y + 1)

    def label(self, number: int) -> str:
        """What `number`'s key shows: the number, with its holder's mark or its count."""
        owner = self.taken.get(number)
        if owner in (1, 2):
            mark = self._initials()[owner - 1]
            if self.has_class("-compact") or not mark:
                return f"{number}{'¹²'[owner - 1]}"
            return f"{number}·{mark}"
        count = self.counts.get(number, 1)
        return f"{number}×{count}" if count > 1 else str(number)

    def _initials(self) -> tuple[str, str]:
        """The marks as they fit on a key: a mark longer than two characters (a name) by
        its initial, or none (¹ ²) when the initials are alike."""
        first, second = (m if len(m) <= 2 else m[:1].upper() for m in self.marks)
        if first.casefold() == second.casefold():
            return ("", "")
        return (first, second)

    def _layers(self, index: int) -> tuple[str, ...]:
        number = self.numbers[index]
        owner = self.taken.get(number)
        states = {
            "digit-pool--hover": index == self._hover,
            "digit-pool--selected": number in self.selected,
            "digit-pool--used": owner == 0,
            "digit-pool--p1": owner == 1,
            "digit-pool--p2": owner == 2,
            # (a 1 typed with 10-15 in the pool waits for a second digit: the keys it can
            # still become show it)
            "digit-pool--typed": bool(self._typed)
            and owner is None
            and str(number).startswith(self._typed),
            "digit-pool--cursor": index == self.cursor and self.has_focus,
            "digit-pool--hint": number in self.hinted,
        }
        return tuple(name for name in LAYERS if states.get(name, True))

    def look(self, number: int) -> str:
        """Which look `number`'s key has now, in words: "used", "held by 1", "held by 2",
        "selected", "inactive" (the pool waits for the other player) or "free"."""
        owner = self.taken.get(number)
        if owner == 0:
            return "used"
        if owner in (1, 2):
            return f"held by {owner}"
        if number in self.selected:
            return "selected"
        return "free" if self.active else "inactive"

    def show(
        self,
        *,
        taken: Mapping[int, int] | None = None,
        active: bool | None = None,
        classes: Mapping[str, bool] | None = None,
    ) -> None:
        """Set what a turn changes at once, with the pool's own `classes` (e.g. whose turn
        it is): the pool is restyled once for all of it."""
        self._showing = True  # (the cursor stepping off a taken number: one sync for all)
        try:
            if taken is not None:
                self.set_reactive(DigitPool.taken, taken)
                self._step_off_taken(1)
            if active is not None:
                self.set_reactive(DigitPool.active, active)
        finally:
            self._showing = False
        self._extra_classes = dict(classes or {})
        self._resync()

    _showing = False

    _extra_classes: Mapping[str, bool] = {}

    def _resync(self) -> None:
        # At once, not after the current message: the keys' new looks must be in the frame
        # the screen is drawing for this move, not the next one.
        if self.is_mounted and not self._showing:
            self._sync()

    def on_mount(self) -> None:
        self._sync()

    def _sync(self) -> None:
        # The pool's classes are set without restyling, then the pool alone is restyled
        # if they changed (its looks, the component classes, are worked out then).
        wanted = {
            "-inactive": not self.active,
            "-player-2": self.player == 2,
            **self._extra_classes,
        }
        self._extra_classes = {}
        restyle_alone(self, wanted)
        shown = self._keys_shown()
        if shown != self._shown:  # (a repaint asked for nothing would cost a frame)
            self._shown = shown
            self._lines = {}
            self.refresh()
        subtitle = f"typed {self._typed}…" if self._typed else ""
        if (self.border_subtitle or "") != subtitle:  # setting it repaints, even unchanged
            self.border_subtitle = subtitle

    def _keys_shown(self) -> Shown:
        """The grid, and each key's label and look (its classes)."""
        keys = tuple((self.label(n), self._layers(i)) for i, n in enumerate(self.numbers))
        return self._grid(), keys

    def render_lines(self, crop: Region) -> list[Strip]:
        # A restyle (a turn, the focus, a theme) makes the looks anew: the keys are drawn
        # again from them (and from the pool's own style and background).
        drawn_with = (*self._component_styles.values(), *self.background_colors, self.visual_style)
        if len(drawn_with) != len(self._drawn_with) or any(
            new is not old and new != old
            for new, old in zip(drawn_with, self._drawn_with, strict=True)
        ):
            self._drawn_with = drawn_with
            self._looks = {}
            self._lines = {}
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        line = self._lines.get(y)
        if line is None:
            line = self._lines[y] = self._draw_line(y)
        return line

    def _draw_line(self, y: int) -> Strip:
        (columns, _, width), keys = self._shown or self._keys_shown()
        style = self.visual_style
        blank = Strip.blank(1, style.rich_style)  # (as the space between keys was drawn)
        row, part = divmod(y, self.KEY_HEIGHT)
        strips: list[Strip] = []
        for label, layers in keys[row * columns : (row + 1) * columns]:
            look = self._looks.get(layers)
            if look is None:
                look = self._looks[layers] = look_of(self.get_component_styles(*layers), style)
            if strips:
                strips.append(blank)
            strips.append(key_rows(label, look, width)[part])
        return Strip.join(strips)

    def watch_taken(self) -> None:
        self._step_off_taken(1)
        self._resync()

    def watch_numbers(self) -> None:
        self._hover = None
        self._resync()

    watch_player = watch_columns = watch_counts = watch_selected = watch_active = _resync
    watch_marks = watch_cursor = watch_hinted = _resync

    def watch_has_focus(self, _has_focus: bool) -> None:
        # Only the cursor's layer depends on the focus: the keys are drawn again, without
        # restyling the pool as Textual does on focus.
        self._resync()

    def mark(self, numbers: Iterable[int]) -> None:
        """Show `numbers` as the hint (and no others)."""
        self.hinted = frozenset(numbers)

    def on_click(self, event: events.Click) -> None:
        index = self._key_at(event.get_content_offset(self))
        if index is None:
            return  # between the keys: nothing
        event.stop()
        if not self.active:
            return
        self.cursor = index
        self.pick(self.numbers[index])

    def pick(self, number: int) -> None:
        """Post `Picked(number)` (the screen asks the rules whether it is allowed)."""
        self._typed = ""
        self._armed = False
        self._sync()
        self.post_message(self.Picked(self, number))
