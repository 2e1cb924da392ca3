"""SequenceStrip (conquest): the sequence in large digits, the last three highlighted, and
the equation they form once formed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Digits, Static

from widgets.in_place import update_in_place

#: How many older numbers stay in view before the last three (the rest show as …).
OLDER_SHOWN = 4


class SequenceStrip(Widget):
    """Shows the numbers appended so far; the last three (the ones that count) stand out."""

    sequence: reactive[tuple[int, ...]] = reactive(())
    #: A number picked but not yet played (the declare variant waits for the declaration).
    pending: reactive[int | None] = reactive(None)
    #: The equation the last three numbers form, as shown (`5 = 2 + 3`), once formed.
    equation: reactive[str | None] = reactive(None)

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Digits("", id="older")
            yield Digits("", id="last")
        yield Static("", classes="line", markup=False)

    def on_mount(self) -> None:
        self.border_title = "Sequence"
        self._sync()

    def numbers(self) -> list[int]:
        numbers = list(self.sequence)
        if self.pending is not None:
            numbers.append(self.pending)
        return numbers

    def line_text(self) -> str:
        numbers = self.numbers()
        if self.equation is not None:
            return self.equation
        if self.pending is not None:
            return f"appending {self.pending}…"
        if not numbers:
            return "empty: append a number"
        if len(numbers) < 3:
            return "an equation needs three numbers"
        return "the last three numbers count"

    def _sync(self) -> None:
        if not self.is_mounted:
            return
        numbers = self.numbers()
        older, last = numbers[:-3], numbers[-3:]
        shown = " ".join(map(str, older[-OLDER_SHOWN:]))
        self.query_one("#older", Digits).update(shown)
        self.query_one("#older", Digits).display = bool(older)
        self.query_one("#last", Digits).update(" ".join(map(str, last)))
        self.border_subtitle = f"{len(numbers)} numbers" if len(older) > OLDER_SHOWN else ""
        self.set_class(self.equation is not None, "-formed")
        self.set_class(self.pending is not None, "-pending")
        update_in_place(self.query_one(".line", Static), Content(self.line_text()))

    watch_sequence = watch_pending = watch_equation = _sync
