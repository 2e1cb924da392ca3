"""StatusLine: one line (or two) of messages: what the last move did, or why a move was refused."""

from __future__ import annotations

from typing import Literal

from textual.reactive import reactive
from textual.widgets import Static

from widgets.wrapping import wrap_keeping

Level = Literal["info", "note", "error", "success"]


class StatusLine(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)

    message: reactive[str] = reactive("")
    level: reactive[Level] = reactive("info")

    def show(self, message: str, level: Level = "info") -> None:
        self.message = message
        self.level = level

    #: The lines shown (None: none yet).
    _shown: str | None = None

    def _wrap(self) -> None:
        """Broken into lines here, never inside an equation ("0 + 3" / "= 3"). The same
        lines again are not updated, and new lines as many as the old ones keep the
        line's size: no layout pass for the whole screen then."""
        text = "\n".join(wrap_keeping(self.message, self.content_size.width))
        if text == self._shown:
            return
        same_size = self._shown is not None and text.count("\n") == self._shown.count("\n")
        self._shown = text
        self.update(text, layout=not same_size)

    watch_message = on_resize = _wrap

    def watch_level(self, level: Level) -> None:
        for name in ("note", "error", "success"):
            self.set_class(level == name, f"-{name}")
