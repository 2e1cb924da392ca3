"""The line mode's `board` and `help`: a position in words, and each game's move forms.

`position_lines(game_id, state, names)` says what the full screen shows of a position, in
short sentences with no drawing: the pool, the templates, the scores, the sequence, the
running total (whose turn and the clock are added by `app.plain.commands`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.template import partial_text
from rules.words.common import possessive


def _numbers(numbers: Any) -> str:
    listed = [str(n) for n in numbers]
    return ", ".join(listed) if listed else "none"


def _collect(state: Any, names: tuple[str, str]) -> list[str]:
    lines = [f"Numbers left in the pool: {_numbers(state.pool)}."]
    for player in (1, 2):
        lines.append(
            f"{possessive(names[player - 1])} numbers: {_numbers(state.collected[player - 1])}."
        )
    if state.phase == "sudden-death":
        lines.append("Sudden death: no more numbers can be picked; declare an equation.")
    return lines


def _template(state: Any, names: tuple[str, str]) -> list[str]:
    lines = [f"Digits left: {_numbers(state.pool)}."]
    for player in (1, 2):
        shown = partial_text(state, player, blank="blank")
        lines.append(f"{possessive(names[player - 1])} template: {shown}.")
    return lines


def _fifty(state: Any, names: tuple[str, str]) -> list[str]:
    scores = ", ".join(f"{names[p - 1]} {state.score(p)}" for p in (1, 2))
    return [
        f"Numbers left: {_numbers(state.pool)}.",
        f"Scores: {scores}. The target is exactly {state.options.target}.",
    ]


def _conquest(state: Any, names: tuple[str, str]) -> list[str]:
    low, high = state.options.pool
    sequence = _numbers(state.sequence) if state.sequence else "empty"
    return [f"The sequence: {sequence}.", f"Each move adds a number from {low} to {high}."]


def _countdown(state: Any, names: tuple[str, str]) -> list[str]:
    lines = [f"Running total: {state.running_total}; the target is {state.options.target}."]
    for player in (1, 2):
        left = _numbers(state.available_to(player))
        lines.append(f"{possessive(names[player - 1])} numbers left: {left}.")
    return lines


_BOARDS: dict[str, Callable[[Any, tuple[str, str]], list[str]]] = {
    "collect": _collect,
    "template": _template,
    "fifty": _fifty,
    "conquest": _conquest,
    "countdown": _countdown,
}


def _typed(*forms: str) -> str:
    """` (typed: 6*7, 9-5)`, never broken across lines nor from the word before it (its
    spaces do not break)."""
    return f" (typed: {', '.join(forms)})".replace(" ", "\N{NO-BREAK SPACE}")


#: How each game's moves can be typed, for `help`: in words, then "(typed: …)" the
#: symbols, which `--spoken` leaves out (`app.plain.spoken`), as it would read them as
#: the same words again ("6 times 7, or 6 times 7").
MOVE_FORMS = {
    "collect": (
        "Type a number from the pool to pick it (7, or take 7), then answer yes or no to "
        "declare an equation with your numbers, such as 3 plus 4 equals 7"
        f"{_typed('3 + 4 = 7')}."
    ),
    "template": (
        "Type a digit, then the slot (P1 Slot 1, or 1.1); or the whole move at once: "
        "7 in my second slot, 7 in their first slot, 7 in Bob's slot 3, or 7@1.2."
    ),
    "fifty": (
        "Type the first number, the second, then the operation; or the whole move at "
        "once: 6 times 7, 9 minus 5 or 8 divided by 2"
        f"{_typed('6*7', '9-5', '8/2')}."
    ),
    "conquest": "Type a number to add to the sequence: 7, or take 7.",
    "countdown": (
        "Type an operation and one of your numbers: plus 5, minus 9, times 3 or divide by 2"
        f"{_typed('+5', '-9', '*3', '/2')}; or pass."
    ),
}


def position_lines(game_id: str, state: Any, names: tuple[str, str]) -> list[str]:
    """The position in words, one short sentence a line."""
    return _BOARDS[game_id](state, names)
