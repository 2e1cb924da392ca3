"""A pool's keyboard: digit keys (with 10–15 in the pool, `1` waits for a second digit
or Enter), the arrows moving a cursor that never rests on a taken number, Space and Enter
picking the number under it. `DigitPool` draws the pool and says what a pick does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widget import Widget


class PoolKeyboard(Widget):
    """What the keys do on a pool of numbers (`DigitPool` is the pool)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up", "move_row(-1)", "Up", show=False),
        Binding("down", "move_row(1)", "Down", show=False),
        Binding("space", "pick_cursor", "Pick", show=False),
        Binding("enter", "enter_key", "Pick", show=False),
    ]

    numbers: reactive[tuple[int, ...]] = reactive((), layout=True)
    #: number -> 1 or 2 (the player who holds it) or 0 (used up, nobody holds it).
    taken: reactive[Mapping[int, int]] = reactive(dict)
    active: reactive[bool] = reactive(True)
    columns: reactive[int] = reactive(9, layout=True)
    cursor: reactive[int] = reactive(0)

    #: The digits typed so far of a number that could be longer.
    _typed = ""
    #: Whether the arrows moved the cursor (then Enter picks the number under it).
    _armed = False

    def pick(self, number: int) -> None:
        """Choose `number` (the pool says what that does)."""
        raise NotImplementedError

    def _sync(self) -> None:
        """Show what changed (the pool draws it)."""
        raise NotImplementedError

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

    def pickable(self, number: int) -> bool:
        return self.active and number in self.numbers and number not in self.taken

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
        self.action_move(step * max(1, min(self.columns, len(self.numbers))))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter picks only a typed number or a cursor the arrows moved; otherwise it goes
        # on to the screen (where it may play the move being built).
        if action == "enter_key":
            return bool(self._typed) or self._armed
        return True

    def action_pick_cursor(self) -> None:
        if self.flush_typed():
            return
        if self.active and self.numbers:
            self.pick(self.numbers[min(self.cursor, len(self.numbers) - 1)])

    action_enter_key = action_pick_cursor
