"""OperatorPicker: the operators as keys; `+ - * / x` keys and clicks choose one."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from rules.operators import ALL_OPS, NAMES, Op, shown

VERBS: dict[Op, str] = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}


class OperatorKey(Static):
    def __init__(self, op: Op, label: str) -> None:
        super().__init__(label, id=f"op-{NAMES[op]}", classes="op-key", markup=False)
        self.op = op

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.query_ancestor(OperatorPicker).choose(self.op)


class OperatorPicker(Widget):
    """One of + − × ÷, chosen by key or click; the screen keeps which one is chosen."""

    class Chosen(Message):
        def __init__(self, op: Op) -> None:
            super().__init__()
            self.op = op

    ops: reactive[tuple[Op, ...]] = reactive(ALL_OPS, recompose=True)
    selected: reactive[Op | None] = reactive(None)
    active: reactive[bool] = reactive(True)
    #: The player choosing now (1 or 2): the chosen operator is in their colour.
    player: reactive[int] = reactive(1)

    def __init__(
        self, *, vertical: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.vertical = vertical
        self.set_class(vertical, "-vertical")

    def compose(self) -> ComposeResult:
        for op in self.ops:
            yield OperatorKey(op, self._label(op))

    def _label(self, op: Op) -> str:
        """The key's text; in the vertical list the chosen one is pointed at (▸), so it
        shows without colour too (the square keys get a double border)."""
        if not self.vertical:
            return shown(op)
        pointer = "▸" if op == self.selected else " "
        return f"{pointer}{shown(op)} {VERBS[op]}"

    def on_mount(self) -> None:
        self._sync()

    async def recompose(self) -> None:
        await super().recompose()
        self._sync()

    def _sync(self) -> None:
        self.set_class(not self.active, "-inactive")
        self.set_class(self.player == 2, "-player-2")
        for key in self.query(OperatorKey):
            key.set_class(key.op == self.selected, "-selected")
            label = self._label(key.op)
            if str(key.content) != label:
                key.update(label, layout=False)

    watch_selected = watch_active = watch_player = _sync

    def choose(self, op: Op) -> None:
        """Post `Chosen(op)` (keyboard shortcuts call this)."""
        if self.active:
            self.post_message(self.Chosen(op))
