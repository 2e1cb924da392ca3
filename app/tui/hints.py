"""Hints on the game screen: `h` asks the solver (in the screen's helper process) for the
best move of the person to move; the answer goes to the status line in words
(`rules.words.advice`), and the board highlights the move until the position changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.analysis import Hint
from rules.analysis import hint as hint  # the screen asks `hints.hint` (a test swaps it)
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorPicker

#: The class a highlighted key or slot gets.
HINT_CLASS = "-hint"


def hint_sentence(found: Hint) -> str:
    if found.move is None:
        return "The game is over: there is nothing to hint."
    return f"Hint: {found.text}"


def mark_keys(pool: DigitPool, numbers: Iterable[int | None]) -> None:
    """Highlight the keys of `numbers` as the hint (and no others)."""
    pool.mark(n for n in numbers if n is not None)


def mark_ops(picker: OperatorPicker, ops: Iterable[str | None]) -> None:
    picker.hinted = frozenset(op for op in ops if op is not None)
