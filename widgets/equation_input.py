"""EquationInput: type (or click together) an equation; a live preview shows each side.

`* / x -` show as `× ÷ × −`. Enter posts `Declared(text)`, Escape (or Enter on an empty
line) `Skipped()`. The preview never judges the move: the rules do. While there is
nothing to declare the box is `waiting`: its line disabled and its keys inert.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from rules.equation.preview import preview_equation
from rules.operators import ALL_OPS, Op
from widgets.in_place import restyle_alone, update_in_place

#: ASCII operators as typing shows them (same length: the cursor stays where it was).
SHOWN_AS = str.maketrans({"*": "×", "x": "×", "/": "÷", "-": "−"})  # not X: refused (RULINGS.md)


#: Hidden number keys mounted besides the missing ones (`EquationInput.watch_keys`).
SPARE_KEYS = 4


def key_width(label: str) -> int:
    """A key's width on screen: its label and a space each side, at least 3 cells."""
    return max(3, cell_len(label) + 2)


class EquationKey(Static):
    """A clickable key that types its text into the equation line."""

    def __init__(self, label: str, text: str, classes: str = "eq-key") -> None:
        super().__init__(label, classes=classes, markup=False)
        self.text = text

    def relabel(self, label: str) -> None:
        """Show `label` and type it (a key reused for another number; "": a blank cell,
        drawn as nothing, that types nothing). The screen is laid out again only when
        the key's width changes."""
        if self.text != label:
            same_width = key_width(label) == key_width(self.text)
            self.text = label
            self.update(label, layout=not same_width)
        self.set_class(not label, "-blank")  # (a change restyles this key alone)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.text:
            self.query_ancestor(EquationInput).press(self.text)


class EquationInput(Widget):
    """An equation line with its live preview and clickable keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "skip", "No declaration", show=True)]

    class Declared(Message):
        """The player declares `text` (as typed; the screen writes it in notation)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Skipped(Message):
        """The player ends the turn without declaring."""

    #: The numbers the player may use (None: any number; the preview checks nothing).
    owned: reactive[tuple[int, ...] | None] = reactive(None)
    #: The numbers offered as keys (the player's own, or the last three in conquest).
    keys: reactive[tuple[int, ...]] = reactive(())
    ops: reactive[tuple[Op, ...]] = reactive(ALL_OPS)
    #: Whether parentheses are offered (conquest's equations have none).
    parens: reactive[bool] = reactive(True)
    double_digits: reactive[bool] = reactive(False)
    hint: reactive[str] = reactive("Declare an equation")

    def __init__(
        self,
        *,
        ops: tuple[Op, ...] = ALL_OPS,
        parens: bool = True,
        number_cells: int = 0,
        id: str | None = None,
    ) -> None:
        # (given here, the keys are composed once: set after the mount, they are
        # composed again)
        super().__init__(id=id)
        self.set_reactive(EquationInput.ops, ops)
        self.set_reactive(EquationInput.parens, parens)
        #: Number keys composed blank, to be relabelled in place (none mounted later).
        self.number_cells = number_cells

    def compose(self) -> ComposeResult:
        yield Input(placeholder="e.g. 6 − 4 = 2  (type * / for × ÷)", id="equation")
        with Horizontal(classes="eq-keys", id="number-keys"):
            yield from (EquationKey(str(number), str(number)) for number in self.keys)
            for _ in range(self.number_cells - len(self.keys)):
                yield EquationKey("", "", "eq-key -blank")
        with Horizontal(classes="eq-keys", id="op-keys"):
            yield from self._op_keys()
        with Horizontal(classes="eq-keys", id="action-keys"):
            yield EquationKey("⌫ delete", "\b")
            yield EquationKey("Declare (Enter)", "\n", classes="eq-key -action")
            yield EquationKey("No declaration (Esc)", "\x1b", classes="eq-key -skip")
        yield Static("", classes="eq-preview", markup=False)

    def _op_keys(self) -> list[EquationKey]:
        keys = [EquationKey(op.translate(SHOWN_AS), op.translate(SHOWN_AS)) for op in self.ops]
        keys += [EquationKey(char, char) for char in ("()=" if self.parens else "=")]
        return keys

    async def _renew_op_keys(self) -> None:
        if self.is_mounted:
            row = self.query_one("#op-keys", Horizontal)
            await row.remove_children()
            await row.mount_all(self._op_keys())

    def watch_keys(self) -> None:
        if not self.is_mounted:
            return
        # The number keys change with every pick: relabel the keys there are (in this
        # frame: a watcher that awaits runs a turn later, and drew a frame of its own),
        # blank the rest of the composed cells, hide any beyond them, and mount only the
        # ones missing (a mount shows a frame later).
        row = self.query_one("#number-keys", Horizontal)
        shown = list(row.query_children(EquationKey).results(EquationKey))
        labels = [str(number) for number in self.keys]
        for index, key in enumerate(shown):
            if index < len(labels):
                key.relabel(labels[index])
                if not key.display:  # (set, even unchanged, it asks for a layout)
                    key.display = True
            elif index < self.number_cells:
                key.relabel("")
            elif key.display:
                key.display = False
        missing = [EquationKey(label, label) for label in labels[len(shown) :]]
        if missing:
            # A few hidden keys besides, for the next picks: a player holds one number
            # more each turn, and each mount would cost that turn a frame of its own.
            spare = [EquationKey("", "") for _ in range(SPARE_KEYS)]
            for key in spare:
                key.display = False
            row.mount_all([*missing, *spare])

    async def watch_ops(self) -> None:
        await self._renew_op_keys()
        self._update_preview()

    watch_parens = _renew_op_keys

    @property
    def input(self) -> Input:
        return self.query_one("#equation", Input)

    @property
    def value(self) -> str:
        return self.input.value

    def clear(self) -> None:
        self.input.value = ""

    def focus_line(self) -> None:
        self.input.focus()

    @property
    def waiting(self) -> bool:
        """Nothing to declare yet: the line is disabled and the keys type nothing."""
        return self.input.disabled

    @waiting.setter
    def waiting(self, waiting: bool) -> None:
        self.input.disabled = waiting
        self._box_waits(waiting)

    def go_live(self) -> None:
        """Something to declare: the line enabled, and focused at once."""
        line = self.input
        # Restyled once for both: as it takes the focus (Textual restyles a node for each
        # change of its disabled and focused states, the line and its parts).
        line.set_reactive(Widget.disabled, False)
        self.screen.set_focus(line)
        if self.screen.focused is not line:  # (not taken: restyled for the change alone)
            line.update_node_styles()
        self._box_waits(False)

    def wait(self, focus: Widget) -> None:
        """Nothing to declare: the line disabled, and the focus given to `focus` at once
        (the line disabled while focused would first send it elsewhere)."""
        line = self.input
        if self.screen.focused is line and focus is not line:
            line.set_reactive(Widget.disabled, True)  # (restyled as it loses the focus)
            self.screen.set_focus(focus)
        else:
            self.screen.set_focus(focus)
            line.disabled = True
        self._box_waits(True)

    def _box_waits(self, waiting: bool) -> None:
        # The box is restyled alone: `-waiting` styles only its border (a colour that
        # children inherit, the title's too, would draw every key again), and the title
        # is muted in its own words.
        if restyle_alone(self, {"-waiting": waiting}):
            self._show_hint()

    def watch_hint(self) -> None:
        self._show_hint()

    def _show_hint(self) -> None:
        hint = self.hint
        self.border_title = Content.styled(hint, "dim") if self.waiting else Content(hint)

    def watch_owned(self) -> None:
        self._update_preview()

    @on(Input.Changed, "#equation")
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        shown = event.value.translate(SHOWN_AS)
        if shown != event.value:
            cursor = self.input.cursor_position
            self.input.value = shown
            self.input.cursor_position = cursor
            return
        self._update_preview()

    def _update_preview(self) -> None:
        if not self.is_mounted:
            return
        kind, message = preview_equation(self.value, self.owned, self.ops, self.double_digits)
        line = self.query_one(".eq-preview", Static)
        update_in_place(line, Text(message))  # (a layout only if it takes more lines)
        for name in ("balanced", "unequal", "problem"):
            line.set_class(kind == name, f"-{name}")

    @on(Input.Submitted, "#equation")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._declare()

    def _declare(self) -> None:
        if self.waiting:
            return
        if self.value.strip():
            self.post_message(self.Declared(self.value))
        else:
            self.post_message(self.Skipped())

    def action_skip(self) -> None:
        self.post_message(self.Skipped())

    def press(self, text: str) -> None:
        """A key clicked: type its text into the line, or do what it says."""
        if self.waiting:
            return
        line = self.input
        actions = {"\n": self._declare, "\x1b": self.action_skip, "\b": line.action_delete_left}
        if text in actions:
            actions[text]()
        else:
            line.insert_text_at_cursor(f" {text} " if text in "=×÷+−" else text)
        line.focus()
