"""What the boards with an operator picker (fifty, countdown) share: the operator keys and
a choice on the picker, written once."""

from __future__ import annotations

from typing import TypeVar

from textual import on

from app.tui.game_screen import GameScreen
from rules.operators import Op
from widgets.operator_picker import OperatorPicker

OptionsT = TypeVar("OptionsT")


class OperatorBoard(GameScreen[OptionsT]):
    """A board whose move is built with an operator chosen on its `OperatorPicker`."""

    #: The operator chosen for the move being built (None: not chosen yet).
    op: Op | None = None

    def action_op(self, op: Op) -> None:
        """An operator key: chosen on the picker, as a click would."""
        if self.human_to_move:
            self.query_one(OperatorPicker).choose(op)

    @on(OperatorPicker.Chosen)
    def _op_chosen(self, event: OperatorPicker.Chosen) -> None:
        event.stop()
        self.op = event.op
        self.refusal = None
        self.clear_hint()
        self.redraw()
