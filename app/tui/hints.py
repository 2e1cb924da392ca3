"""Hints on the game screen: `h` asks the solver for the best move of the player to move.

`HintMixin` is mixed into the game screen (`class GameScreen(HintMixin, Screen[None])`).
The solver runs in a worker thread, so the screen stays responsive while it thinks (a
countdown position can take a second); the answer goes to the status line:

    Hint: Put 1 in Bob's third slot: every reply loses; you win in 6 more moves with best play.
    Hint: Every move loses against best play; this one holds out longest: 2 more moves.
    Play 9 × 5 = 45: your score goes to 45.

and, when the board offers `show_hint(move)` (the move in notation, None to clear), the
suggested move is highlighted on the board until the position changes. The boards use
`mark_keys` / `mark_ops` to mark pool keys and operator keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen

from app.tui.styles import SCREEN_STYLES
from rules.analysis import Hint, hint
from rules.base import PlayerNo
from widgets.digit_pool import DigitPool, PoolKey
from widgets.operator_picker import OperatorKey, OperatorPicker

if TYPE_CHECKING:
    from app.tui.session import GameSetup
    from rules.base import Game

#: The styles folder (a sibling of the `app` package, as in app/tui/app.py).

#: The class a highlighted key or slot gets.
HINT_CLASS = "-hint"


def hint_sentence(found: Hint) -> str:
    """What the status line says about a hint (its text is in words, to the mover)."""
    if found.move is None:
        return "The game is over: there is nothing to hint."
    return f"Hint: {found.text}"


def mark_keys(pool: DigitPool, numbers: Iterable[int | None]) -> None:
    """Highlight the keys of `numbers` in `pool` as the hint (and no others)."""
    wanted = {n for n in numbers if n is not None}
    for key in pool.query(PoolKey):
        key.set_class(key.number in wanted, HINT_CLASS)


def mark_ops(picker: OperatorPicker, ops: Iterable[str | None]) -> None:
    """Highlight the operator keys of `ops` as the hint (and no others)."""
    wanted = {op for op in ops if op is not None}
    for key in picker.query(OperatorKey):
        key.set_class(key.op in wanted, HINT_CLASS)


class HintMixin(Screen[None]):
    """`h`: the best move for the player to move, worked out in a worker thread.

    Needs from the screen it is mixed into: `game`, `setup`, `state` (a reactive),
    `human_to_move`, `is_over`, `to_move` and `say(message, level)`.
    """

    # The hint's looks are in analysis.tcss, one of the screens' sheets (app.tui.styles).
    CSS_PATH = SCREEN_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "hint", "Hint")]

    if TYPE_CHECKING:
        game: Game[Any, Any, Any]
        setup: GameSetup
        state: Any

        @property
        def is_over(self) -> bool: ...

        @property
        def human_to_move(self) -> bool: ...

        @property
        def to_move(self) -> PlayerNo: ...

        def say(self, message: str, level: Any = "info") -> None: ...

    #: The position a hint is being worked out for (None: none asked).
    _hint_asked: Any = None
    #: The position whose hint is shown on the board (None: none shown).
    _hint_shown: Any = None
    #: The move (notation) of the hint shown, for the board (None: none shown).
    hint_move: str | None = None

    def on_mount(self) -> None:
        # Textual calls every class's on_mount; this one clears a shown hint when the
        # position changes (a move, undo, rematch), after the board has redrawn.
        self.watch(self, "state", self._hint_position_changed, init=False)

    def action_hint(self) -> None:
        if self.state is None or self.is_over:
            self.say("The game is over: there is nothing to hint.")
            return
        if not self.human_to_move:
            self.say("Hints are for a person to move: the computer is thinking.")
            return
        state = self.state
        if self._hint_asked is state:
            return  # already being worked out
        self._hint_asked = state
        mover = self.to_move
        game_id = self.setup.game_id
        names = self.setup.names
        self.say(f"Looking for the best move for {names[mover - 1]}…")

        def think() -> None:
            try:
                found: Hint | str = hint(game_id, state, names)
            except Exception as error:  # e.g. SolverError: a position without a result
                found = str(error) or type(error).__name__
            with suppress(RuntimeError):  # the app has closed meanwhile
                self.app.call_from_thread(self._hint_ready, state, found)

        self.run_worker(think, thread=True, exclusive=True, group="hint", exit_on_error=False)

    def _hint_ready(self, state: Any, found: Hint | str) -> None:
        if self._hint_asked is state:
            self._hint_asked = None
        if self.state is not state or not self.is_mounted:
            return  # the position changed meanwhile: that hint is stale
        if isinstance(found, str):
            self.say(f"No hint here: {found}", "error")
            return
        show: Callable[[str | None], None] | None = getattr(self, "show_hint", None)
        self.hint_move = found.move
        if show is not None and found.move is not None:
            show(found.move)
            self._hint_shown = state
        self.say(hint_sentence(found), "note")

    def clear_hint(self) -> None:
        """The player chose (an operator, a number): the hint's highlight goes."""
        if self._hint_shown is None:
            return
        self._hint_shown = None
        show: Callable[[str | None], None] | None = getattr(self, "show_hint", None)
        if show is not None:
            show(None)

    def _hint_position_changed(self, state: Any) -> None:
        self._hint_asked = None
        self.hint_move = None
        if self._hint_shown is None or self._hint_shown is state:
            return
        self._hint_shown = None
        show: Callable[[str | None], None] | None = getattr(self, "show_hint", None)
        if show is not None:
            show(None)
