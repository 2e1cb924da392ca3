"""DigitPool: a pool of numbers as keys. Digit keys, arrows + Enter, and clicks pick.

Looks that survive without colour (NO_COLOR, a monochrome terminal): a chosen key has a
double border, a used one a dashed border and struck-through text, a held one too, with
its holder's mark; no key is marked by colour alone. Colour adds whose it is: a held key
and a chosen one are in that player's colour (`player` is the one choosing now).
The cursor never rests on a taken number: the arrows step over them.

The pool holds no game state: the screen sets which numbers are shown, who holds the
taken ones and which may be picked now; the pool posts `DigitPool.Picked(number)` and the
screen asks the rules whether that pick is allowed (so a taken number gets the rules' own
message rather than silence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static


class PoolKey(Static):
    """One number of the pool, drawn as a key."""

    class Pressed(Message):
        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, number: int) -> None:
        super().__init__(str(number), classes="pool-key", id=f"key-{number}", markup=False)
        self.number = number

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.number))


class DigitPool(Widget, can_focus=True):
    """The numbers of a pool; taken ones show who holds them and cannot be picked."""

    DEFAULT_CSS = """
    DigitPool { height: auto; width: auto; }
    DigitPool > Grid { height: auto; width: auto; grid-gutter: 0 1; }
    DigitPool .pool-key {
        width: 7; height: 3; content-align: center middle; text-style: bold;
        border: round $primary 50%; background: $boost; color: $text;
    }
    DigitPool .pool-key:hover { background: $primary 30%; }
    DigitPool.-inactive .pool-key { color: $text-muted; border: round $foreground 15%; }
    DigitPool .pool-key.-selected { border: double $primary; background: $primary 25%; text-style: bold underline; }
    DigitPool.-player-2 .pool-key.-selected { border: double $accent; background: $accent 25%; }
    DigitPool .pool-key.-used { color: $text-disabled; border: dashed $foreground 20%; background: transparent; text-style: strike dim; }
    DigitPool .pool-key.-p1 { color: $text-disabled; border: dashed $primary; background: $primary 15%; text-style: strike; }
    DigitPool .pool-key.-p2 { color: $text-disabled; border: dashed $accent; background: $accent 15%; text-style: strike; }
    DigitPool:focus .pool-key.-cursor { border: heavy $secondary; background: $secondary 30%; }
    DigitPool.-compact .pool-key { width: 5; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up", "move_row(-1)", "Up", show=False),
        Binding("down", "move_row(1)", "Down", show=False),
        Binding("space", "pick_cursor", "Pick", show=False),
        Binding("enter", "enter_key", "Pick", show=False),
    ]

    class Picked(Message):
        """The player chose `number` (by key, click or cursor)."""

        def __init__(self, pool: DigitPool, number: int) -> None:
            super().__init__()
            self.pool = pool
            self.number = number

        @property
        def control(self) -> DigitPool:
            return self.pool

    numbers: reactive[tuple[int, ...]] = reactive((), recompose=True)
    #: number -> 1 or 2 (the player who holds it) or 0 (used up, nobody holds it).
    taken: reactive[Mapping[int, int]] = reactive(dict)
    #: number -> copies left when a number appears more than once (shown as ×2).
    counts: reactive[Mapping[int, int]] = reactive(dict)
    selected: reactive[tuple[int, ...]] = reactive(())
    active: reactive[bool] = reactive(True)
    columns: reactive[int] = reactive(9)
    #: How the two players are marked on the keys they hold (e.g. initials).
    marks: reactive[tuple[str, str]] = reactive(("1", "2"))
    cursor: reactive[int] = reactive(0)
    #: The player choosing now (1 or 2): chosen keys are in their colour.
    player: reactive[int] = reactive(1)

    def __init__(
        self,
        numbers: tuple[int, ...] = (),
        *,
        columns: int = 9,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._typed = ""
        self._armed = False
        self.set_reactive(DigitPool.numbers, numbers)
        self.set_reactive(DigitPool.columns, columns)

    #: Cells a key takes across (its width plus the gutter) and down.
    KEY_WIDTH = 8
    KEY_HEIGHT = 3

    def compose(self) -> ComposeResult:
        columns = max(1, min(self.columns, len(self.numbers) or 1))
        rows = max(1, -(-len(self.numbers) // columns))
        grid = Grid()
        grid.styles.grid_size_columns = columns
        grid.styles.grid_size_rows = rows
        key_width = self.KEY_WIDTH - 2 if self.has_class("-compact") else self.KEY_WIDTH
        grid.styles.width = columns * key_width - 1
        grid.styles.height = rows * self.KEY_HEIGHT
        with grid:
            for number in self.numbers:
                yield PoolKey(number)

    def on_mount(self) -> None:
        self._sync()

    def _resync(self) -> None:
        # At once, not after the current message: the keys' new looks must be in the frame
        # the screen is drawing for this move, not the next one. A sync per change is
        # cheap (a few classes per key, unchanged ones cost nothing).
        if self.is_mounted and not self._showing:
            self._sync()

    def _keys(self) -> list[PoolKey]:
        return list(self.query(PoolKey))

    def _initials(self) -> tuple[str, str]:
        """The marks as they fit on a key: a mark longer than two characters (a name) by
        its initial, or none (¹ ²) when the initials are alike."""
        first, second = (m if len(m) <= 2 else m[:1].upper() for m in self.marks)
        if first.casefold() == second.casefold():
            return ("", "")
        return (first, second)

    def show(
        self,
        *,
        taken: Mapping[int, int] | None = None,
        active: bool | None = None,
        classes: Mapping[str, bool] | None = None,
    ) -> None:
        """Set what a turn changes at once, with the pool's own `classes` (e.g. whose turn
        it is): the keys are restyled once for all of it (each class change on the pool
        restyles all its keys)."""
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

    def _sync(self) -> None:
        # Each change of classes restyles the node and everything under it, at once: so
        # every class is set without restyling, and then only the nodes whose look can
        # change are restyled: the keys whose own classes changed, the pool itself when
        # its classes change, and the keys a pool class styles (`-inactive` the free keys,
        # a taken key's own look overriding it; `-player-2` the chosen ones).
        initials = self._initials()
        restyle: list[Widget] = []
        keys = self._keys()
        for index, key in enumerate(keys):
            owner = self.taken.get(key.number)
            count = self.counts.get(key.number, 1)
            label = str(key.number)
            if owner in (1, 2):
                mark = initials[owner - 1]
                compact = self.has_class("-compact") or not mark
                label = f"{key.number}{'¹²'[owner - 1]}" if compact else f"{key.number}·{mark}"
            elif count > 1:
                label = f"{key.number}×{count}"
            if str(key.content) != label:
                key.update(label, layout=False)
            before = set(key.classes)
            key.update_classes(
                {
                    "-used": owner == 0,
                    "-p1": owner == 1,
                    "-p2": owner == 2,
                    "-selected": key.number in self.selected,
                    "-cursor": index == self.cursor,
                },
                update=False,
            )
            if set(key.classes) != before:
                restyle.append(key)
        wanted = {
            "-inactive": not self.active,
            "-player-2": self.player == 2,
            **self._extra_classes,
        }
        self._extra_classes = {}
        changed = {name for name, on in wanted.items() if self.has_class(name) != on}
        if changed:
            self.update_classes(wanted, update=False)
            restyle.insert(0, self)
            for key in keys:
                if key in restyle:
                    continue
                if ("-inactive" in changed and key.number not in self.taken) or (
                    "-player-2" in changed and key.has_class("-selected")
                ):
                    restyle.append(key)
        if restyle and self.is_mounted:
            self.app.stylesheet.update_nodes(restyle, animate=False)
        elif restyle:
            self.update_node_styles()
        subtitle = f"typed {self._typed}…" if self._typed else ""
        if (self.border_subtitle or "") != subtitle:  # setting it repaints, even unchanged
            self.border_subtitle = subtitle

    def watch_taken(self) -> None:
        self._step_off_taken(1)
        self._resync()

    def watch_player(self) -> None:
        self._resync()

    def _step_off_taken(self, step: int) -> None:
        """Move the cursor from a taken number to the next free one in the direction of
        `step` (it stays put when every number is taken)."""
        if not self.numbers:
            return
        cursor = min(self.cursor, len(self.numbers) - 1)
        for _ in range(len(self.numbers)):
            if self.numbers[cursor] not in self.taken:
                break
            cursor = (cursor + step) % len(self.numbers)
        else:
            return
        if cursor != self.cursor:
            self.cursor = cursor

    def watch_counts(self) -> None:
        self._resync()

    def watch_selected(self) -> None:
        self._resync()

    def watch_active(self) -> None:
        self._resync()

    def watch_marks(self) -> None:
        self._resync()

    def watch_cursor(self) -> None:
        self._resync()

    def watch_columns(self) -> None:
        self.refresh(recompose=True)

    async def recompose(self) -> None:
        await super().recompose()
        self._sync()

    # Picking

    def pickable(self, number: int) -> bool:
        return self.active and number in self.numbers and number not in self.taken

    def pick(self, number: int) -> None:
        """Post `Picked(number)` (the screen asks the rules whether it is allowed)."""
        self._typed = ""
        self._armed = False
        self._sync()
        self.post_message(self.Picked(self, number))

    def on_pool_key_pressed(self, message: PoolKey.Pressed) -> None:
        message.stop()
        if not self.active:
            return
        if message.number in self.numbers:
            self.cursor = self.numbers.index(message.number)
        self.pick(message.number)

    def type_digit(self, digit: str) -> None:
        """A digit typed on the keyboard: picks at once unless a longer number could follow
        (with 10-15 in the pool, `1` waits for a second digit or Enter)."""
        if not self.active:
            return
        typed = self._typed + digit
        longer = [n for n in self.numbers if str(n).startswith(typed) and str(n) != typed]
        if longer and len(typed) < 2:
            self._typed = typed
            self._sync()
            return
        self.pick(int(typed))

    @property
    def typed(self) -> str:
        return self._typed

    def flush_typed(self) -> bool:
        """Enter after a digit that could start a longer number: pick the digit alone."""
        if not self._typed:
            return False
        self.pick(int(self._typed))
        return True

    def clear_typed(self) -> None:
        self._typed = ""
        self._sync()

    def action_move(self, step: int) -> None:
        if self.numbers:
            self._armed = True
            self.cursor = (self.cursor + step) % len(self.numbers)
            self._step_off_taken(1 if step > 0 else -1)

    def action_move_row(self, step: int) -> None:
        if self.numbers:
            self._armed = True
            columns = max(1, min(self.columns, len(self.numbers)))
            self.cursor = (self.cursor + step * columns) % len(self.numbers)
            self._step_off_taken(1 if step > 0 else -1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter picks only a typed number or a cursor the arrows moved; otherwise it goes
        # on to the screen (where it may play the move being built).
        if action == "enter_key":
            return bool(self._typed) or self._armed
        return True

    def action_enter_key(self) -> None:
        self.action_pick_cursor()

    def action_pick_cursor(self) -> None:
        if self.flush_typed():
            return
        if self.active and self.numbers:
            self.pick(self.numbers[min(self.cursor, len(self.numbers) - 1)])
