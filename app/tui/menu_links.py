"""The menu's links under the games: rows of click targets painted by one widget (not a
widget each: fewer to compose before the menu's first frame), found under the mouse by
offset. (Named tuples, not dataclasses: a dataclass takes half a millisecond to make.)
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class MenuLink(NamedTuple):
    """One link; `action` in the screen's namespace (or `app.`'s); `shown` before
    `MenuLinks.set_label` names it."""

    name: str
    label: str
    action: str
    primary: bool = False
    shown: bool = True


class _Span(NamedTuple):
    y: int
    start: int
    end: int
    link: MenuLink


class MenuLinks(Widget, can_focus=False):
    """Rows of links, each row centred; a click posts `Pressed`."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "menu-links--link",
        "menu-links--primary",
        "menu-links--hover",
    }

    #: The link under the mouse.
    hovered: reactive[str | None] = reactive(None)

    class Pressed(Message):
        def __init__(self, link: MenuLink) -> None:
            super().__init__()
            self.link = link

    def __init__(self, *rows: tuple[MenuLink, ...], id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows
        #: The words of links changed after they were made (None: the link is not shown).
        self._labels: dict[str, str | None] = {}
        self._spans: list[_Span] = []

    def label(self, name: str) -> str | None:
        """The words link `name` shows now (None: it is not shown)."""
        link = self._link(name)
        return self._labels.get(name, link.label if link.shown else None)

    def set_label(self, name: str, label: str | None) -> None:
        """Show link `name` with these words, or hide it (None)."""
        if self.label(name) != label:
            self._labels[name] = label
            self.refresh()

    def _link(self, name: str) -> MenuLink:
        for row in self.rows:
            for link in row:
                if link.name == name:
                    return link
        raise KeyError(name)

    def _shown(self, row: tuple[MenuLink, ...]) -> list[tuple[MenuLink, str]]:
        return [(link, label) for link in row if (label := self.label(link.name)) is not None]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)

    def render(self) -> Text:
        plain, primary, hover = (
            self.get_component_rich_style(f"menu-links--{name}")
            for name in ("link", "primary", "hover")
        )
        # Hovered: the link's own look (Play's bold), the hover's colours over it.
        styles = {(False, False): plain, (True, False): primary}
        styles |= {(main, True): styles[main, False] + hover for main in (False, True)}
        width = self.size.width
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        for y, row in enumerate(self.rows):
            if y:
                text.append("\n")
            shown = self._shown(row)
            # " label " each, one column between: centred as Textual centres a row.
            used = sum(cell_len(label) + 2 for _, label in shown) + max(0, len(shown) - 1)
            x = max(0, (width - used) // 2)
            text.append(" " * x)
            for index, (link, label) in enumerate(shown):
                if index:
                    text.append(" ")
                    x += 1
                style = styles[link.primary, link.name == self.hovered]
                text.append(f" {label} ", style)
                self._spans.append(_Span(y, x, x + cell_len(label) + 2, link))
                x += cell_len(label) + 2
        return text

    def link_at(self, offset: Offset) -> MenuLink | None:
        for span in self._spans:
            if span.y == offset.y and span.start <= offset.x < span.end:
                return span.link
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        link = self.link_at(event.offset)
        self.hovered = link.name if link is not None else None

    def on_leave(self) -> None:
        self.hovered = None

    def on_click(self, event: events.Click) -> None:
        link = self.link_at(event.offset)
        if link is not None:
            event.stop()
            self.post_message(self.Pressed(link))
