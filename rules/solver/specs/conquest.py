"""The solver's spec for Equation Conquest: a retrograde table over the last two numbers."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from rules.conquest import ConquestOptions, ConquestState
from rules.solver.types import WIN, WIN_NOW, SolverError


class ConquestSpec:
    """Equation Conquest: only the last two numbers matter (node = (length, *last two))."""

    def __init__(self, options: ConquestOptions) -> None:
        self.low, self.high = options.pool
        self.numbers = range(self.low, self.high + 1)
        self.scores = _conquest_table(self.low, self.high)

    def encode(self, state: ConquestState) -> Hashable:
        tail = state.sequence[-2:]
        return (len(tail), *tail)

    def expand(self, node: tuple[int, ...]) -> list[Any]:
        if node[0] == 0:
            return [(1, a) for a in self.numbers]
        if node[0] == 1:
            return [(2, node[1], b) for b in self.numbers]
        a, b = node[1], node[2]
        if completes(a, b, self.low, self.high):
            return [WIN_NOW]
        return [(2, b, c) for c in self.numbers]

    def known(self, node: tuple[int, ...]) -> int | None:
        if self.scores is None:  # every pair can be completed: the search is three plies
            return None
        score = self.scores.get(node)
        if score is None:
            raise SolverError(
                f"with the numbers {self.low}-{self.high} nobody can force an equation "
                "from here: play can go on forever"
            )
        return score


def completes(a: int, b: int, low: int, high: int) -> bool:
    """Is there a c in low..high with `a op b = c` or `a = b op c` (`equations_of`)?"""
    candidates = [a + b, a - b, b - a, a * b]
    if a % b == 0:
        candidates.append(a // b)
    if b % a == 0:
        candidates.append(b // a)
    return any(low <= c <= high for c in candidates)


@lru_cache(maxsize=8)
def _conquest_table(low: int, high: int) -> dict[tuple[int, ...], int] | None:
    """Every position's score by retrograde analysis, one round per ply (the shortest win,
    the longest loss), or None when every pair completes; unsettled positions are draws."""
    numbers = range(low, high + 1)
    if all(completes(a, b, low, high) for a in numbers for b in numbers):
        return None
    spec = ConquestSpec.__new__(ConquestSpec)
    spec.low, spec.high, spec.numbers, spec.scores = low, high, numbers, None
    nodes: list[tuple[int, ...]] = [(0,), *((1, a) for a in numbers)]
    nodes += [(2, a, b) for a in numbers for b in numbers]
    children = {node: spec.expand(node) for node in nodes}
    scores: dict[tuple[int, ...], int] = {}
    while True:
        settled: dict[tuple[int, ...], int] = {}
        for node in nodes:
            if node in scores:
                continue
            values = []
            for child in children[node]:
                if child is WIN_NOW:
                    values.append(WIN - 1)
                elif child in scores:
                    score = scores[child]
                    values.append(1 - score if score > 0 else -score - 1)
            wins = [v for v in values if v > 0]
            if wins:
                settled[node] = max(wins)
            elif len(values) == len(children[node]):
                settled[node] = max(values)
        if not settled:
            return scores
        scores.update(settled)
