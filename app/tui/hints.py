"""Hints on the game screen: `h` asks the solver for the best move of the player to move.

`Hints` is a part the game screen owns (`screen.hints`); the screen's `h` calls `ask()`.
The solver runs in the screen's helper process (`Searches`), so the screen stays
responsive while it thinks (a countdown position can take a second) and a hint still
being worked out when the position changes is dropped; the answer goes to the status line:

    Hint: Put 1 in Bob's third slot: every reply loses; you win in 6 more moves with best play.
    Hint: Every move loses against best play; this one holds out longest: 2 more moves.
    Play 9 × 5 = 45: your score goes to 45.

and the board's `show_hint(move)` (the move in notation, None to clear) highlights the
suggested move until the position changes (the boards mark pool keys and operator keys
with `mark_keys` / `mark_ops`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from app.tui.searches import Searches
from app.tui.session import GameSetup
from rules.analysis import Hint, hint
from rules.base import GameState, PlayerNo
from widgets.digit_pool import DigitPool, PoolKey
from widgets.operator_picker import OperatorKey, OperatorPicker
from widgets.status_line import Level

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


class HintSeat(Protocol):
    """What `Hints` needs of the screen, whichever game it shows (its position is read
    as a `GameState`). The board highlights a move with `show_hint(move)` (the move in
    notation; None clears it)."""

    setup: GameSetup

    @property
    def state(self) -> GameState | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def to_move(self) -> PlayerNo: ...

    def say(self, message: str, level: Level = "info") -> None: ...

    def show_hint(self, move: str | None) -> None: ...


class Hints:
    """`h`: the best move for the player to move, worked out in the helper process."""

    def __init__(self, screen: HintSeat, searches: Searches) -> None:
        self._screen = screen
        self._searches = searches
        #: The position a hint is being worked out for (None: none asked).
        self._asked: GameState | None = None
        #: The position whose hint is shown on the board (None: none shown).
        self._shown: GameState | None = None
        #: The move (notation) of the hint shown (None: none shown).
        self.move: str | None = None

    def ask(self) -> None:
        screen = self._screen
        if screen.state is None or screen.is_over:
            screen.say("The game is over: there is nothing to hint.")
            return
        if not screen.human_to_move:
            screen.say("Hints are for a person to move: the computer is thinking.")
            return
        state = screen.state
        if self._asked is state:
            return  # already being worked out
        self._asked = state
        names = screen.setup.names
        screen.say(f"Looking for the best move for {names[screen.to_move - 1]}…")

        def answered(found: Hint | str) -> None:  # a str: why there is none (SolverError)
            self._ready(state, found)

        # `hint` is looked up here, when asked: a test may put a slower one in its place.
        self._searches.ask("hint", hint, (screen.setup.game_id, state, names), answered, answered)

    def _ready(self, state: GameState, found: Hint | str) -> None:
        if self._asked is state:
            self._asked = None
        screen = self._screen
        if screen.state is not state:
            return  # the position changed meanwhile: that hint is stale
        if isinstance(found, str):
            screen.say(f"No hint here: {found}", "error")
            return
        self.move = found.move
        if found.move is not None:
            screen.show_hint(found.move)
            self._shown = state
        screen.say(hint_sentence(found), "note")

    def clear(self) -> None:
        """The player chose (an operator, a number): the hint's highlight goes."""
        if self._shown is None:
            return
        self._shown = None
        self._screen.show_hint(None)

    def position_changed(self, state: GameState | None) -> None:
        """A move, undo or rematch: the hint asked or shown is no longer about it."""
        self._asked = None
        self.move = None
        if self._shown is None or self._shown is state:
            return
        self._shown = None
        self._screen.show_hint(None)
