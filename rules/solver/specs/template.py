"""The solver's spec for Templates: node = the six slots, with slots the template treats alike
kept sorted (mirror positions share an entry); only who wins is searched.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from itertools import product
from typing import Any

from rules.base import other
from rules.solver.types import LOSE_NOW, WIN_NOW


class TemplateSpec:
    """Templates: the six slots in one int (4 bits each), symmetric slots sorted.

    Every game lasts until the six slots are full, so a position is won or lost in a
    fixed number of plies: any winning move is as good as another. With two slots left
    the children are settled on the spot and only one is handed to the search.
    """

    def __init__(self, options: Any) -> None:
        template = options.parsed()
        self.first = options.first
        self.pool: tuple[int, ...] = options.pool()
        digits = sorted(set(self.pool))
        # Each filled template gets a rank: a higher result, a higher rank; an undefined
        # result (division by zero) ranks -1. Indexed by the three cells (digit + 1).
        results: dict[tuple[int, int, int], Fraction | None] = {
            triple: template.evaluate(triple) for triple in product(digits, repeat=3)
        }
        ordered = sorted({v for v in results.values() if v is not None})
        position = {v: i for i, v in enumerate(ordered)}
        self.rank = [0] * (16 * 16 * 16)
        for (a, b, c), value in results.items():
            self.rank[(a + 1) << 8 | (b + 1) << 4 | (c + 1)] = (
                -1 if value is None else position[value]
            )
        # Pairs of slots that can be swapped without changing any result.
        self.swaps = [
            (i, j)
            for i in range(3)
            for j in range(i + 1, 3)
            if all(results[t] == results[_swapped(t, i, j)] for t in results)
        ]

    def encode(self, state: Any) -> Hashable:
        cells = [0 if d is None else d + 1 for row in state.slots for d in row]
        return self._pack(cells)

    def fixed_plies(self, node: int) -> int:
        """Plies to the end from a node, whatever is played: the empty slots."""
        return sum(1 for i in range(6) if not node >> (4 * i) & 15)

    def _pack(self, cells: list[int]) -> int:
        if self.swaps:
            cells = list(cells)
            for base in (0, 3):
                for i, j in self.swaps:
                    a, b = base + i, base + j
                    if cells[a] < cells[b]:
                        cells[a], cells[b] = cells[b], cells[a]
        return (
            cells[0]
            | cells[1] << 4
            | cells[2] << 8
            | cells[3] << 12
            | cells[4] << 16
            | cells[5] << 20
        )

    def _winner(self, cells: list[int]) -> int:
        rank = self.rank
        one = rank[cells[0] << 8 | cells[1] << 4 | cells[2]]
        two = rank[cells[3] << 8 | cells[4] << 4 | cells[5]]
        if one == two:
            return other(self.first)
        return 1 if one > two else 2

    def expand(self, node: int) -> list[Any]:
        cells = [node >> shift & 15 for shift in (0, 4, 8, 12, 16, 20)]
        empty = [i for i in range(6) if not cells[i]]
        mover = self.first if len(empty) % 2 == 0 else other(self.first)
        left = list(self.pool)
        for cell in cells:
            if cell:
                left.remove(cell - 1)
        digits = sorted(set(left))
        if len(empty) == 1:
            slot = empty[0]
            for d in digits:
                cells[slot] = d + 1
                if self._winner(cells) == mover:
                    return [WIN_NOW]
            return [LOSE_NOW]
        # Of two empty slots that can be swapped, only the first is tried.
        slots = [
            i
            for i in empty
            if not any((j, i % 3) in self.swaps and i - i % 3 + j in empty for j in range(i % 3))
        ]
        if len(empty) == 2:
            return [self._two_left(cells, empty, slots, left, digits, mover)]
        # Extreme digits first: the smallest and the largest decide most games.
        outside_in = [d for pair in zip(digits, reversed(digits), strict=True) for d in pair]
        outside_in = list(dict.fromkeys(outside_in[: len(digits)]))
        children: dict[int, None] = {}
        for d in outside_in:
            for slot in slots:
                cells[slot] = d + 1
                children[self._pack(cells)] = None
                cells[slot] = 0
        return list(children)

    def _two_left(
        self,
        cells: list[int],
        empty: list[int],
        slots: list[int],
        left: list[int],
        digits: list[int],
        mover: int,
    ) -> int:
        """A winning move's child when there is one, else any child (all lose)."""
        opponent = 3 - mover
        fallback = None
        for slot in slots:
            last = empty[1] if slot == empty[0] else empty[0]
            for d in digits:
                cells[slot] = d + 1
                rest = list(left)
                rest.remove(d)
                replies = set(rest)
                loses = False
                for e in replies:
                    cells[last] = e + 1
                    if self._winner(cells) == opponent:
                        loses = True
                        break
                cells[last] = 0
                child = self._pack(cells)
                if not loses:
                    return child
                fallback = child
            cells[slot] = 0
        assert fallback is not None
        return fallback


def _swapped(t: tuple[int, int, int], i: int, j: int) -> tuple[int, int, int]:
    cells = list(t)
    cells[i], cells[j] = cells[j], cells[i]
    return cells[0], cells[1], cells[2]
