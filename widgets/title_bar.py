"""TitleBar: a screen's one line of title, the title on the left and what was chosen (the
variant, the match) on the right, drawn by one widget."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class TitleBar(Widget):
    """`title` on the left; `variant` right-aligned in the room left (its first line when
    it would not fit on one)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"title-bar--title", "title-bar--variant"}

    def __init__(self, title: Text, variant: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title
        self.variant = variant

    def variant_shown(self) -> str:
        """The variant's words as they fit in the room the title leaves."""
        room = self.content_size.width - self.title.cell_len
        if room <= 0 or not self.variant:
            return ""
        return Text(self.variant).wrap(self.app.console, room)[0].plain.rstrip()

    def render(self) -> Text:
        title = self.title.copy()
        title.stylize(self.get_component_rich_style("title-bar--title"), 0)
        variant = self.get_component_rich_style("title-bar--variant")
        return Text.assemble(title, (self.variant_shown(), variant), no_wrap=True)

    def render_line(self, y: int) -> Strip:
        # The title and the variant drawn side by side, then the room left goes between
        # them, as Textual pads a right-aligned text (the background alone).
        line = super().render_line(y)
        title, room = self.title.cell_len, self.content_size.width - line.cell_length
        if y or room <= 0 or line.cell_length <= title:
            return line
        head, words = line.divide([title, line.cell_length])
        last = list(words)[-1].style
        background = Style(bgcolor=last.bgcolor if last is not None else None)
        return Strip.join([head, Strip([Segment(" " * room, background)], room), words])
