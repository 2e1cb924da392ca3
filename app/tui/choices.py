"""A set of choices drawn by one widget, not a widget each (Textual's cost is per widget,
issue 37). Marked ● or ○ ([X] or [ ] with `several`), the one the keys are on bold and
underlined while focused: read without colour. The arrows choose, as in a browser's radio
group, so Enter is the screen's (start the game); with `several` they move and space ticks.
A click chooses (or ticks). The choices flow from line to line (`column`: one a line).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

V = TypeVar("V")

#: Between two choices on a line.
GAP = 2


class Choices(Widget, Generic[V], can_focus=True):
    """Choices of values, each with its words; one chosen (`value`), or any (`ticked`)."""

    ALLOW_SELECT = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,down", "step(1)", "Next option", show=False),
        Binding("left,up", "step(-1)", "Previous option", show=False),
        Binding("space", "tick", "Choose", show=False),
    ]
    #: A mark chosen or not, the focused choice: the theme's, as the analysis colours its
    #: verdicts (a component class is styled as a widget of its own: twice the cost).
    CHOSEN, NOT_CHOSEN, FOCUSED = "$text-success", "$text-muted", "bold underline"

    class Changed(Message):
        def __init__(self, choices: Choices[object]) -> None:
            super().__init__()
            self.choices = choices

        @property
        def control(self) -> Choices[object]:
            return self.choices

    def __init__(
        self,
        options: Iterable[tuple[str, V]],
        value: V | None = None,
        *,
        several: bool = False,
        column: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        pairs = list(options)
        self.labels = [label for label, _ in pairs]
        self.options = [option for _, option in pairs]
        self.several = several
        self.column = column
        #: The choice the keys are on (without `several`: the chosen one).
        self.cursor = self.options.index(value) if value in self.options else 0
        self.chosen: set[int] = set() if several else {self.cursor}
        self._spans: list[tuple[int, int, int]] = []  # (line, start, end) of each choice

    @property
    def value(self) -> V:  # (without `several`)
        return self.options[self.cursor]

    @value.setter
    def value(self, value: V) -> None:
        self._choose({self.options.index(value)}, self.options.index(value))

    @property
    def ticked(self) -> tuple[V, ...]:  # (in the choices' order)
        return tuple(option for index, option in enumerate(self.options) if index in self.chosen)

    @ticked.setter
    def ticked(self, values: Iterable[V]) -> None:
        self._choose({self.options.index(value) for value in values}, self.cursor)

    def relabel(self, index: int, label: str) -> None:
        """Choice `index` says `label` now (outside text: drawn as text, never markup)."""
        if self.labels[index] != label:
            self.labels[index] = label
            self.refresh(layout=True)

    def _choose(self, chosen: set[int], cursor: int) -> None:
        changed = chosen != self.chosen
        self.chosen, self.cursor = chosen, cursor
        self.refresh()
        if changed:
            self.post_message(self.Changed(self))  # type: ignore[arg-type]

    def action_step(self, step: int) -> None:
        cursor = (self.cursor + step) % len(self.options)
        self._choose(self.chosen if self.several else {cursor}, cursor)

    def action_tick(self) -> None:
        if self.several:
            self._choose(self.chosen ^ {self.cursor}, self.cursor)

    def _words(self, index: int) -> str:
        if self.several:
            mark = "[X]" if index in self.chosen else "[ ]"
        else:
            mark = "●" if index in self.chosen else "○"
        return f"{mark} {self.labels[index]}"

    def _layout(self, width: int) -> list[tuple[int, int, int]]:
        spans: list[tuple[int, int, int]] = []
        x = y = 0
        for index in range(len(self.options)):
            size = cell_len(self._words(index))
            if spans and (self.column or x + GAP + size > width):
                x, y = 0, y + 1
            elif spans:
                x += GAP
            spans.append((y, x, x + size))
            x += size
        return spans

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(end for _, _, end in self._layout(container.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._layout(width)[-1][0] + 1

    def render(self) -> Content:
        self._spans = self._layout(self.content_size.width or 10**6)
        parts: list[str | tuple[str, str]] = []
        x = y = 0
        for index, (line, start, end) in enumerate(self._spans):
            parts.append("\n" * (line - y) + " " * (start - (0 if line > y else x)))
            sign, _, label = self._words(index).partition(" ")
            parts.append((sign, self.CHOSEN if index in self.chosen else self.NOT_CHOSEN))
            focused = self.has_focus and index == self.cursor
            parts.extend((" ", (label, self.FOCUSED if focused else "")))
            x, y = end, line
        return Content.assemble(*parts)

    def on_click(self, event: events.Click) -> None:
        for index, (line, start, end) in enumerate(self._spans):
            if line == event.y and start <= event.x < end:
                event.stop()
                self.cursor = index
                self._choose(self.chosen ^ {index} if self.several else {index}, index)

    def on_focus(self) -> None:
        self.refresh()

    on_blur = on_focus
