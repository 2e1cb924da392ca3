"""The menu's links under the games (Play, Play again, Online, Puzzles; Rules, Saved games,
Statistics, Class; Theme, Quit): rows of click targets drawn by one widget.

Each link was a `Static` of its own in a container per row, twelve widgets that Textual
composed, styled and laid out before the menu's first frame. Here one widget paints the
rows, each centred, and finds the link under the mouse by its offset (as `KeysFooter`
finds a key). The links' looks are component classes, styled in `styles/menu.tcss`.
(Named tuples, not dataclasses: a dataclass takes half a millisecond to make, at launch.)
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class MenuLink(NamedTuple):
    """One link: its name (what tests and the screen call it), its words, its action (in
    the screen's namespace, or `app.`'s), whether it is the menu's main one, and whether
    it is shown before `MenuLinks.set_label` names it."""

    name: str
    label: str
    action: str
    primary: bool = False
    shown: bool = True


class _Span(NamedTuple):
    """Where a link is drawn: its row and its first and past-the-last columns."""

    y: int
    start: int
    end: int
    link: MenuLink


class MenuLinks(Widget, can_focus=False):
    """Rows of links, each row centred; a click on a link runs its action (`Pressed` goes
    to the screen)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "menu-links--link",
        "menu-links--primary",
        "menu-links--hover",
    }

    #: The name of the link under the mouse (a change repaints).
    hovered: reactive[str | None] = reactive(None)

    class Pressed(Message):
        """A link was clicked."""

        def __init__(self, link: MenuLink) -> None:
            super().__init__()
            self.link = link

    def __init__(self, *rows: tuple[MenuLink, ...], id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows
        #: The words of links changed after they were made (None: the link is not shown).
        self._labels: dict[str, str | None] = {}
        self._spans: list[_Span] = []

    # What is shown

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

    # Drawing

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

    # The mouse

    def link_at(self, offset: Offset) -> MenuLink | None:
        """The link drawn at `offset` (within the widget), if any."""
        for span in self._spans:
            if span.y == offset.y and span.start <= offset.x < span.end:
                return span.link
        return None

    def drawn(self, row: int) -> list[tuple[str, Region]]:
        """The words of the links drawn on `row` (0: the first) and where, on the screen."""
        origin = self.content_region.offset
        return [
            (
                self.label(span.link.name) or "",
                Region(span.start, span.y, span.end - span.start, 1) + origin,
            )
            for span in self._spans
            if span.y == row
        ]

    def offset_of(self, name: str) -> Offset:
        """Where link `name` is drawn (its middle, within the widget): where a click on it
        lands. KeyError when it is not shown."""
        for span in self._spans:
            if span.link.name == name:
                return Offset((span.start + span.end) // 2, span.y)
        raise KeyError(name)

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
