"""What the boards share, written once: the digit keys typed into the board's keypad (a
`DigitPool`), and, for the boards with an operator picker (fifty, countdown), the
operator keys and a choice on the picker."""

from __future__ import annotations

from textual import on
from textual.reactive import Reactive
from textual.widget import Widget

from app.tui.game_screen import GameScreen
from rules.base import MoveT, OptionsT, StateT
from rules.operators import Op
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorPicker


class KeypadBoard(GameScreen[OptionsT, StateT, MoveT]):
    """A board whose numbers are picked on a `DigitPool` (by click, or typed digits)."""

    #: The focused widget, as Textual's `Screen.focused` but without repainting the whole
    #: screen when it changes: the widgets that gain and lose the focus draw themselves
    #: again (collect's pick moves the focus from the pool to the declaration's line and
    #: back; in countdown the focus goes with the turn to the mover's own pool).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def keypad(self) -> DigitPool:
        """The pool the digit keys type into (countdown: the mover's own)."""
        return self.query_one(DigitPool)

    def keypad_open(self) -> bool:
        """Whether the digit keys pick now (a board narrows this to its own phases)."""
        return self.human_to_move

    def action_digit(self, digit: str) -> None:
        if self.keypad_open():
            self.keypad().type_digit(digit)

    def action_enter(self) -> None:
        """Enter picks the number typed so far (a board binds it where it needs it)."""
        self.keypad().flush_typed()


class OperatorBoard(KeypadBoard[OptionsT, StateT, MoveT]):
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
