"""RulesText: a game's rules (Markdown) drawn by Rich as one widget, in the theme's
colours (Textual's `Markdown` makes a widget of every paragraph: slow to open).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.errors import StyleSyntaxError
from rich.markdown import ListItem, Markdown, MarkdownElement
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual.color import Color, ColorParseError
from textual.theme import Theme as AppTheme
from textual.widget import Widget


def rich_color(value: str, background: str, alpha: float = 1.0) -> str:
    """A theme's colour as Rich takes it: `#RRGGBB` with alpha laid on the background, ""
    for no colour of its own; ANSI colours stay the terminal's, never blended."""
    if re.fullmatch(r"ansi_[a-z_]+", value):
        return value.removeprefix("ansi_") if alpha == 1 else ""
    if background.startswith("ansi_") and alpha < 1:
        return ""
    try:
        color = Color.parse(value).multiply_alpha(alpha)
        if color.a == 0:
            return ""
        return color.hex6 if color.a == 1 else (Color.parse(background) + color).hex6
    except ColorParseError:
        return ""


def markdown_theme(variables: Mapping[str, str]) -> Theme:
    """Rich's Markdown styles from a Textual theme's variables (`App.theme_variables`)."""
    background = variables.get("background", "#000000")

    def style(text_style: str, color: str, on: str = "") -> str:
        words = [word for word in text_style.split() if word != "none"]
        if rgb := rich_color(color, background):
            words.append(rgb)
            if on:
                words.append(f"on {on}")
        for attempt in (" ".join(words), rgb):  # a text style Rich lacks: the colour alone
            try:
                return str(Style.parse(attempt or "none"))
            except StyleSyntaxError:
                continue
        return "none"

    def heading(level: int) -> str:
        return style(
            variables.get(f"markdown-h{level}-text-style", "bold"),
            variables.get(f"markdown-h{level}-color", ""),
        )

    accent = variables.get("text-primary", variables.get("primary", ""))
    code = variables.get("text-warning", variables.get("warning", ""))
    code_background = rich_color(variables.get("warning", ""), background, alpha=0.1)
    muted = variables.get("foreground-muted", "")
    return Theme(
        {
            **{f"markdown.h{level}": heading(level) for level in range(1, 7)},
            "markdown.h1.border": style("", muted),
            "markdown.code": style("", code, on=code_background),
            "markdown.code_block": style("", code),
            "markdown.block_quote": style("italic", muted),
            "markdown.list": "none",
            "markdown.item.bullet": style("bold", accent),
            "markdown.item.number": style("", accent),
            "markdown.hr": style("", muted),
            "markdown.link": style("underline", accent),
            "markdown.link_url": style("underline", accent),
            "markdown.table.border": style("", muted),
            "markdown.table.header": style("bold", accent),
        },
        inherit=True,
    )


class _NumberedItem(ListItem):
    """A numbered list item written `1.` as in the text, not Rich's bare `1`."""

    def render_number(
        self, console: Console, options: ConsoleOptions, number: int, last_number: int
    ) -> RenderResult:
        width = len(str(last_number)) + 3
        lines = console.render_lines(
            self.elements, options.update_width(options.max_width - width), style=self.style
        )
        style = console.get_style("markdown.item.number", default="none")
        numeral = Segment(f"{number}.".rjust(width - 1) + " ", style)
        indent = Segment(" " * width, style)
        for index, line in enumerate(lines):
            yield indent if index else numeral
            yield from line
            yield Segment.line()


class _RulesMarkdown(Markdown):
    """Rich's Markdown with numbered items written as in the text."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "list_item_open": _NumberedItem,
    }


class _Themed:
    """A Rich renderable drawn with a theme pushed onto the console while it renders, kept
    for its last width: Textual renders it to measure its height and again to draw it
    (about 20 ms each for a game's rules)."""

    def __init__(self, renderable: Markdown, theme: Theme) -> None:
        self.renderable = renderable
        self.theme = theme
        self._drawn: tuple[int, list[Segment]] = (-1, [])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width, segments = self._drawn
        if width != options.max_width:
            with console.use_theme(self.theme):
                segments = list(console.render(self.renderable, options))
            self._drawn = (options.max_width, segments)
        yield from segments


@lru_cache(maxsize=8)
def _themed(markdown: str, variables: tuple[tuple[str, str], ...]) -> _Themed:
    """The text parsed (about 10 ms for a game's rules) and drawn in a theme's colours, kept
    for the next screen of the same rules in the same theme."""
    return _Themed(_RulesMarkdown(markdown, hyperlinks=False), markdown_theme(dict(variables)))


class RulesText(Widget):
    """The rules text, as tall as it needs (put it in a scrolling container)."""

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._markdown = markdown
        self._drawn: _Themed | None = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_unmount(self) -> None:
        # (the signal's weak key is kept by its own bound method: the closed screen's text
        # would live until the next theme)
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: AppTheme) -> None:
        self._drawn = None
        self.refresh(layout=True)

    def render(self) -> _Themed:
        if self._drawn is None:
            variables = tuple(sorted(self.app.theme_variables.items()))
            self._drawn = _themed(self._markdown, variables)
        return self._drawn
