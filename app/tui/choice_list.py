"""A list of choices folded into one line: the chosen one's words and ▼, one widget until
opened (Textual's `Select` mounts a dozen, about 94k Python calls: a sixth of a setup,
issue 37). Space, ↓ or a click open the list, a small screen of its own made only then,
under the line: the arrows move, Enter or a click chooses, Escape (or a click beside it)
closes it unchanged. Enter on the closed line is the screen's (start the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList

V = TypeVar("V")


class ChoiceList(Widget, Generic[V], can_focus=True):
    """Choices of values, each with its words; one chosen (`value`), shown on one line."""

    # (its own, not a sheet's: the hub's console reads none of the app's sheets)
    DEFAULT_CSS = """
    ChoiceList { height: 1; background: $boost; }
    ChoiceList:focus {
        text-style: underline; background: $block-cursor-background;
        color: $block-cursor-foreground;
    }
    """
    ALLOW_SELECT = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,down", "open", "Show the choices", show=False),
    ]

    class Changed(Message):
        def __init__(self, choices: ChoiceList[object]) -> None:
            super().__init__()
            self.choices = choices
            self.value = choices.value

        @property
        def control(self) -> ChoiceList[object]:
            return self.choices

    def __init__(
        self, options: Iterable[tuple[str, V]], value: V | None = None, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        pairs = list(options)
        self.labels = [label for label, _ in pairs]
        self.options = [option for _, option in pairs]
        self.cursor = self.options.index(value) if value in self.options else 0
        #: Whether its list is open (shown on a screen of its own).
        self.expanded = False

    @property
    def value(self) -> V:
        return self.options[self.cursor]

    @value.setter
    def value(self, value: V) -> None:
        self._choose(self.options.index(value))

    def _choose(self, index: int | None) -> None:
        self.expanded = False
        if index is not None and index != self.cursor:
            self.cursor = index
            self.refresh()
            self.post_message(self.Changed(self))  # type: ignore[arg-type]

    def render(self) -> Content:
        # Outside text is drawn as text, never markup; the arrow at the right end.
        width = max(self.content_size.width - 2, 0)
        words = Content(self.labels[self.cursor]).truncate(width, ellipsis=True)
        return Content.assemble(words.pad_right(width - words.cell_length), " ▼")

    def action_open(self) -> None:
        if not self.expanded:
            self.expanded = True
            opened = ChoiceListScreen(self.labels, self.cursor, self.region)
            self.app.push_screen(opened, self._choose)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_open()

    def on_focus(self) -> None:
        self.refresh()

    on_blur = on_focus


class ChoiceListScreen(ModalScreen[int | None]):
    """The open list of a `ChoiceList`, just under its line: the index chosen, or None."""

    DEFAULT_CSS = """
    ChoiceListScreen { background: transparent; align: left top; }
    ChoiceListScreen OptionList, ChoiceListScreen OptionList:focus {
        border: none; padding: 0; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    def __init__(self, labels: list[str], cursor: int, under: Region) -> None:
        super().__init__()
        self.labels, self.cursor, self.under = labels, cursor, under

    def compose(self) -> ComposeResult:
        shown = OptionList(*(Content(label) for label in self.labels))
        shown.highlighted = self.cursor
        shown.styles.offset = (self.under.x, self.under.bottom)
        shown.styles.width = self.under.width
        shown.styles.max_height = max(self.app.size.height - self.under.bottom, 5)
        yield shown

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_click(self, event: events.Click) -> None:
        if event.widget is self:  # beside the list
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
