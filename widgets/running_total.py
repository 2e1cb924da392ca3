"""RunningTotal (countdown): the shared total in large digits, the target, and what the
chosen operator would do."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Digits


class RunningTotal(Widget):
    total: reactive[int] = reactive(0)
    target: reactive[int] = reactive(30)
    #: What the chosen operator would do, e.g. `12 × ?`.
    caption: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        yield Digits("0", id="total")

    def on_mount(self) -> None:
        self.border_title = "Running total"
        self._sync()

    def _sync(self) -> None:
        if not self.is_mounted:
            return
        self.query_one(Digits).update(str(self.total))
        self.set_class(self.total >= self.target, "-reached")
        self.set_class(self.total < 0, "-negative")
        caption = f" · {self.caption}" if self.caption else ""
        self.border_subtitle = Content(f"target {self.target}{caption}")

    watch_total = watch_target = watch_caption = _sync
