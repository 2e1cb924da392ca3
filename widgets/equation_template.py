"""EquationTemplate: one player's template with its slots (clickable), a slot cursor and
the value; the screen owns the cursor and the digits."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from rules.equation.template import parse_template
from rules.operators import shown


class SlotKey(Static):
    class Pressed(Message):
        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, slot: int) -> None:
        super().__init__("", classes="slot", id=f"slot-{slot}", markup=False)
        self.slot = slot
        #: The digit shown ("" for an empty slot).
        self.shown = ""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.slot))


class EquationTemplate(Widget):
    class SlotChosen(Message):
        def __init__(self, player: int, slot: int) -> None:
            super().__init__()
            self.player = player
            self.slot = slot

    template: reactive[str] = reactive("_ + _ × _", recompose=True)
    values: reactive[tuple[int | None, ...]] = reactive((None, None, None))
    #: The slot (1-based) with the cursor, or None when the cursor is elsewhere.
    cursor: reactive[int | None] = reactive(None)
    #: The partial value or the result, as the screen words it.
    value_text: reactive[str] = reactive("")
    active: reactive[bool] = reactive(False)

    def __init__(self, player: int, template: str = "_ + _ × _", *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"-p{player}")
        self.player = player
        self.set_reactive(EquationTemplate.template, template)  # (composed with it at once)

    def compose(self) -> ComposeResult:
        with Horizontal():
            slot = 0
            for token in parse_template(self.template).tokens:
                if token.kind == "slot":
                    slot += 1
                    yield SlotKey(slot)
                elif token.kind == "op" and token.op is not None:
                    yield Static(shown(token.op), classes="token", markup=False)
                else:
                    yield Static(token.text, classes="token -paren", markup=False)
        yield Static("", classes="value", markup=False)

    def on_mount(self) -> None:
        self._sync()

    async def recompose(self) -> None:
        await super().recompose()
        self._value_shown = None
        self._sync()

    #: The value line's text shown (None: not yet, or the slots were composed again).
    _value_shown: str | None = None

    def _sync(self) -> None:
        # Only what changed is updated, and without a layout pass: a slot and the value
        # line keep their size whatever they show (the screen sets four reactives a turn,
        # each calling this).
        if not self.is_mounted:
            return
        for key in self.query(SlotKey):
            value = self.values[key.slot - 1] if key.slot <= len(self.values) else None
            text = "" if value is None else str(value)
            if key.shown != text:
                key.shown = text
                key.update(text, layout=False)
            key.set_class(value is not None, "-filled")
            key.set_class(self.cursor == key.slot, "-cursor")
        self._restyle(full=all(v is not None for v in self.values), active=self.active)
        # (none while the slots are composed again for a new template: `recompose` syncs)
        for line in self.query(".value").results(Static):
            if self._value_shown != self.value_text:
                self._value_shown = self.value_text
                line.update(Content(self.value_text), layout=False)

    def _restyle(self, *, full: bool, active: bool) -> None:
        """Set `-full` and `-active`, restyling no more than they change: `-full` styles
        the value line under it, `-active` only the template's own border (a class change
        restyles a node and all under it; here, the active template changes every turn)."""
        was_full = self.has_class("-full")
        was_active = self.has_class("-active")
        if was_full == full and was_active == active:
            return
        self.update_classes({"-full": full, "-active": active}, update=False)
        if was_full != full or not self.is_mounted:
            self.update_node_styles()
        else:
            self.app.stylesheet.update_nodes([self], animate=False)

    watch_values = watch_cursor = watch_value_text = watch_active = _sync

    def on_slot_key_pressed(self, message: SlotKey.Pressed) -> None:
        message.stop()
        self.post_message(self.SlotChosen(self.player, message.slot))
