"""Text that never breaks inside an equation: `Unbroken`, a `Static` whose lines break
between words but never between `6 ×` and `3`, nor inside `7 × 4 = 28` or a list of
numbers (the analysis's summary and details at 80 columns).

Textual breaks a line at any whitespace (a no-break space too), so the spaces inside an
equation become no-break spaces (shown as spaces) and the lines are broken here, at the
width the widget is drawn at, at ordinary spaces only; a line is broken inside an
equation only when the equation alone is wider than the widget.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual, VisualType
from textual.widgets import Static

#: A space inside an equation: between two of its symbols (a digit, an operator, a
#: bracket, a template's slot `_`).
INSIDE = re.compile(r"(?<=[\d×÷−+=()_]) (?=[\d×÷−+=()_])")
NO_BREAK = "\u00a0"
#: A word and the spaces after it (a no-break space belongs to the word).
WORD = re.compile(r"[^ ]+ *| +")


def wrapped(content: Content, width: int) -> Content:
    """`content`'s lines broken at ordinary spaces to fit in `width` cells."""
    lines: list[Content] = []
    for line in content.split(allow_blank=True):
        breaks: list[int] = []
        used = 0
        for word in WORD.finditer(line.plain):
            if used and used + cell_len(word.group().rstrip(" ")) > width:
                breaks.append(word.start())
                used = 0
            used += cell_len(word.group())
        lines.extend(part.rstrip(" ") for part in line.divide(breaks))
    return Content("\n").join(lines)


class KeptTogether(Visual):
    """Content drawn with its equations whole (see the module)."""

    def __init__(self, content: Content) -> None:
        # (the spaces inside its equations made no-break, the same styles)
        self.content = Content(INSIDE.sub(NO_BREAK, content.plain), list(content.spans))

    def __str__(self) -> str:
        return self.content.plain.replace(NO_BREAK, " ")

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return wrapped(self.content, width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return wrapped(self.content, width).get_height(rules, width)


class Unbroken(Static):
    """A `Static` whose `Content` never breaks inside an equation."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if isinstance(content, Content):
            content = KeptTogether(content)
        super().update(content, layout=layout)
