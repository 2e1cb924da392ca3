"""StatusLine: one line (or two) of messages: what the last move did, or why a move was refused."""

from __future__ import annotations

from typing import Literal

from textual.reactive import reactive
from textual.widgets import Static

from widgets.wrapping import wrap_keeping

Level = Literal["info", "note", "error", "success"]


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine { height: auto; min-height: 1; max-height: 3; padding: 0 1; color: $text-muted; }
    StatusLine.-note { color: $text; background: $warning 15%; }
    StatusLine.-error { color: $text; background: $error 25%; text-style: bold; }
    StatusLine.-success { color: $text; background: $success 20%; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)

    message: reactive[str] = reactive("")
    level: reactive[Level] = reactive("info")

    def show(self, message: str, level: Level = "info") -> None:
        self.message = message
        self.level = level

    def watch_message(self, message: str) -> None:
        self._wrap()

    def on_resize(self) -> None:
        self._wrap()

    def _wrap(self) -> None:
        """Broken into lines here, never inside an equation ("0 + 3" / "= 3")."""
        self.update("\n".join(wrap_keeping(self.message, self.content_size.width)))

    def watch_level(self, level: Level) -> None:
        for name in ("note", "error", "success"):
            self.set_class(level == name, f"-{name}")
