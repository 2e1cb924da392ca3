"""Hints on the game screen: `h` asks the solver for the best move of the player to move.

The screen's `h` asks the solver in its helper process (`Searches`: a Textual worker of
the group `hint`), so the screen stays responsive while it thinks (a countdown position
can take a second) and a hint still being worked out when the position changes is
dropped. The worker posts `HintFound` to the screen; the answer goes to the status line:

    Hint: Pick 3: every reply loses; with best play you win on your 3rd move, counting
    this one.
    Hint: Every move loses against best play; this one holds out longest: Bob's 2nd move
    from now wins. Play 9 × 5 = 45: your score goes to 45.

(Moves are counted as players count them: each player's own, "your next move" being the
one after the hinted one; see `rules.words.advice`.)

and the board's `show_hint(move)` (the move in notation, None to clear) highlights the
suggested move until the position changes (the boards mark pool keys and operator keys
with `mark_keys` / `mark_ops`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.message import Message

from rules.analysis import Hint
from rules.analysis import hint as hint  # the screen asks `hints.hint` (a test swaps it)
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorKey, OperatorPicker

#: The class a highlighted key or slot gets.
HINT_CLASS = "-hint"


def hint_sentence(found: Hint) -> str:
    """What the status line says about a hint (its text is in words, to the mover)."""
    if found.move is None:
        return "The game is over: there is nothing to hint."
    return f"Hint: {found.text}"


def mark_keys(pool: DigitPool, numbers: Iterable[int | None]) -> None:
    """Highlight the keys of `numbers` in `pool` as the hint (and no others)."""
    pool.mark(n for n in numbers if n is not None)


def mark_ops(picker: OperatorPicker, ops: Iterable[str | None]) -> None:
    """Highlight the operator keys of `ops` as the hint (and no others)."""
    wanted = {op for op in ops if op is not None}
    for key in picker.query(OperatorKey):
        key.set_class(key.op in wanted, HINT_CLASS)


class HintFound(Message):
    """The solver's hint for `state` (a str: why there is none), from the helper process."""

    def __init__(self, state: Any, found: Hint | str) -> None:
        super().__init__()
        self.state = state
        self.found = found
