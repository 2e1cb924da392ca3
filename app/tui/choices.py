"""The setup screen's radio buttons and boxes, readable without colour and steady under
the keys.

- `Choice`: a radio button that shows whether it is chosen by its mark, ● or ○, not by
  colour alone (NO_COLOR, a monochrome terminal); `Tick`: a check box whose mark is X
  or blank; `OnOff`: a check box that says "on" or "off" (the switch of a yes-or-no
  option, which Textual's `Switch` shows by colour alone).
- `ChoiceSet`: a radio set where the arrows choose, as in a browser's radio group: the
  highlighted option is always the chosen one, so there is nothing for Enter to do in
  it, and Enter is the screen's (start the game). Space chooses too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import Mount
from textual.widgets import Checkbox, RadioButton, RadioSet


class Choice(RadioButton):
    """A radio button marked ● when chosen and ○ when not."""

    BUTTON_LEFT = ""
    BUTTON_RIGHT = ""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()


class Tick(Checkbox):
    """A check box marked X when ticked and blank when not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()


class OnOff(Tick):
    """A check box labelled "on" or "off" as it is."""

    def __init__(self, value: bool = False, **kw: Any) -> None:
        super().__init__(self.word(value), value, **kw)

    @staticmethod
    def word(value: bool) -> str:
        return "on" if value else "off"

    def watch_value(self) -> None:
        super().watch_value()
        self.label = self.word(self.value)


class ChoiceSet(RadioSet, inherit_bindings=False):
    """Radio buttons chosen by the arrows; the highlight starts on the chosen one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,down", "choose(1)", "Next option", show=False),
        Binding("left,up", "choose(-1)", "Previous option", show=False),
        Binding("space", "toggle_button", "Choose", show=False),
    ]

    def on_mount(self, _: Mount) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def action_choose(self, step: int) -> None:
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        if self._selected is not None and self._selected != self.pressed_index:
            self.action_toggle_button()
