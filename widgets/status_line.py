"""StatusLine: one line (or two) of messages: what the last move did, or why a move was refused."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Static

from widgets.wrapping import wrap_keeping

Level = Literal["info", "note", "error", "success"]


class StatusLine(Static):
    """The message is broken into lines as it is measured and drawn, at the width it has
    then, never inside an equation ("0 + 3" / "= 3"): a new message as many lines long as
    the old one is drawn again without a layout of the screen."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)

    message: reactive[str] = reactive("", layout=False, repaint=False)
    level: reactive[Level] = reactive("info")

    def show(self, message: str, level: Level = "info") -> None:
        self.message = message
        self.level = level

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(wrap_keeping(self.message, width))

    def render(self) -> Text:
        return Text("\n".join(wrap_keeping(self.message, self.content_size.width)))

    def watch_message(self, old: str, new: str) -> None:
        width = self.content_size.width
        same = len(wrap_keeping(old, width)) == len(wrap_keeping(new, width))
        self.refresh(layout=not same)

    def watch_level(self, level: Level) -> None:
        for name in ("note", "error", "success"):
            self.set_class(level == name, f"-{name}")
