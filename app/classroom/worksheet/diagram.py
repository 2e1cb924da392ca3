"""A puzzle's position as a printed puzzle book draws it, as data (`pdf` draws it): rows
of chips, struck chips, slots and symbols, short facts, and one line of the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["chip", "struck", "slot", "symbol", "text"]


@dataclass(frozen=True)
class Cell:
    text: str
    kind: Kind


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Diagram:
    rule: str
    rows: tuple[Row, ...]
    facts: tuple[str, ...]


#: The key printed on every sheet's first page.
LEGEND = Row(
    "Key:",
    (
        Cell("5", "chip"), Cell("still free", "text"), Cell("5", "struck"),
        Cell("taken", "text"), Cell("", "slot"), Cell("an empty slot", "text"),
    ),
)  # fmt: skip


def signed(value: int) -> str:
    """A number as players read it: −3, never -3."""
    return f"−{-value}" if value < 0 else str(value)


def _chips(numbers: list[int], left: list[int]) -> tuple[Cell, ...]:
    """Every number of the pool, those no longer in `left` struck (counted, so a digit
    there twice is struck once when one copy is used)."""
    remaining = Counter(left)
    cells = []
    for n in numbers:
        cells.append(Cell(str(n), "chip" if remaining[n] > 0 else "struck"))
        remaining[n] -= 1
    return tuple(cells)


def _own(numbers: tuple[int, ...] | list[int]) -> tuple[Cell, ...]:
    return tuple(Cell(str(n), "chip") for n in numbers) or (Cell("none yet", "text"),)


def second_player(options: Any) -> int:
    """The player who did not start (RULINGS.md: the tie rules' "second player")."""
    return 3 - int(options.first)


def _ties(options: Any) -> str:
    return f"ties go to Player {second_player(options)} (the second player)"


def diagram(game_id: str, state: Any) -> Diagram:
    """The position of `state` (a puzzle of `game_id`) as boxes and chips."""
    o = state.options
    if game_id == "collect":
        lo, hi = o.pool
        ops = " ".join(("+", "−", "×", "÷")[("+", "-", "*", "/").index(op)] for op in o.ops)
        facts = [f"Operators: {ops}."]
        if o.double_digits:
            facts.append("Digits you hold may be joined (1 and 2 make 12 or 21).")
        return Diagram(
            "Rule: take one number from the pool a turn; declare a true equation using only "
            "your own numbers, each once, to win.",
            (
                Row("Pool", _chips(list(range(lo, hi + 1)), list(state.pool))),
                Row("Player 1 holds", _own(state.numbers_of(1))),
                Row("Player 2 holds", _own(state.numbers_of(2))),
            ),
            tuple(facts),
        )
    if game_id == "template":
        lo, hi = o.digits
        every = [d for d in range(lo, hi + 1) for _ in range(o.copies)]
        rows = [Row("Digits", _chips(every, list(state.pool)))]
        for player in (1, 2):
            placed = iter(state.slots[player - 1])
            cells = []
            for char in o.template.replace(" ", ""):
                if char == "_":
                    digit = next(placed)
                    cells.append(Cell("" if digit is None else str(digit), "slot"))
                else:
                    cells.append(Cell({"-": "−", "*": "×", "/": "÷"}.get(char, char), "symbol"))
            rows.append(Row(f"Player {player}", tuple(cells)))
        return Diagram(
            "Rule: put an unused digit in an empty slot of either equation; when all six are "
            f"full the higher result wins, {_ties(o)}.",
            tuple(rows),
            (),
        )
    if game_id == "fifty":
        lo, hi = o.pool
        target = o.target
        return Diagram(
            f"Rule: combine two unused numbers with + − × ÷ (÷ drops the remainder) and add "
            f"the result to your score: exactly {target} wins, over {target} loses; "
            f"{_ties(o)}.",
            (Row("Numbers", _chips(list(range(lo, hi + 1)), list(state.pool))),),
            (
                f"Scores: Player 1 {signed(state.scores[0])}, Player 2 "
                f"{signed(state.scores[1])}. Target: exactly {target}.",
            ),
        )
    if game_id == "conquest":
        lo, hi = o.pool
        shown = list(state.sequence[-8:])
        cells = [Cell("…", "symbol")] if len(state.sequence) > 8 else []
        cells += [Cell(str(n), "slot") for n in shown] + [Cell("?", "slot")]
        facts = [f"Any number {lo}–{hi} may come next, repeats allowed."]
        if o.declare:
            facts.append("Whoever completes an equation must say it to win.")
        return Diagram(
            f"Rule: add a number {lo}–{hi} to the row; win when the last three, in order, "
            "make an equation such as 2 + 3 = 5 or 6 = 2 × 3 (+ − × ÷).",
            (Row("The row", tuple(cells)),),
            tuple(facts),
        )
    if game_id == "countdown":
        lo, hi = o.pool
        own = list(range(lo, hi + 1))
        return Diagram(
            "Rule: apply one of your unused numbers with + − × ÷ (÷ drops the fraction) to "
            f"the running total; reaching {o.target} or more on your move wins.",
            (
                Row("Player 1 holds", _chips(own, list(state.available[0]))),
                Row("Player 2 holds", _chips(own, list(state.available[1]))),
            ),
            (f"Running total: {signed(state.running_total)}. Target: {o.target} or more.",),
        )
    raise ValueError(f"unknown game {game_id!r}")
