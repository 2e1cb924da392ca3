"""The solver's spec for Collect & Declare: node = (mover's, opponent's numbers, sudden-death
turns) as bit masks. A pick that holds an equation wins at once; a number that would give
the opponent one must be taken.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rules.base import other
from rules.solver.collect_fast import equation_sets
from rules.solver.types import LOSE_NOW, WIN_NOW


class CollectSpec:
    """Collect & Declare: masks over the pool, the declaration taken as soon as it exists."""

    def __init__(self, options: Any) -> None:
        self.numbers: tuple[int, ...] = options.numbers()
        self.n = len(self.numbers)
        self.full = (1 << self.n) - 1
        self.sets = equation_sets(self.numbers, tuple(options.ops), options.double_digits)
        self.values: dict[int, int] = {1 << i: v for i, v in enumerate(self.numbers)}

    def encode(self, state: Any) -> Hashable:
        mover = state.to_move
        mine = self.sets.mask_of(state.numbers_of(mover))
        theirs = self.sets.mask_of(state.numbers_of(other(mover)))
        sudden = 0 if state.phase == "draft" else 1 + state.sudden_death_turns
        return mine | theirs << self.n | sudden << (2 * self.n)

    def expand(self, node: int) -> list[Any]:
        n = self.n
        mine = node & self.full
        theirs = node >> n & self.full
        sudden = node >> (2 * n)
        holds = self.sets.holds
        if sudden:
            if holds(mine):
                return [WIN_NOW]
            if sudden == 4:  # the fourth turn of sudden death: the tie-break decides
                return [WIN_NOW if self._tie_break_wins(mine, theirs) else LOSE_NOW]
            return [mine << n | theirs | (sudden + 1) << (2 * n)]
        pool = self.full & ~(mine | theirs)
        rest = pool
        while rest:
            bit = rest & -rest
            rest ^= bit
            if holds(mine | bit):
                return [WIN_NOW]
        # Numbers that would give the opponent an equation: take one, or lose next turn.
        threats = [bit for bit in _bits(pool) if holds(theirs | bit)]
        picks = threats[:1] if threats else list(_bits(pool))
        children = []
        for bit in picks:
            left = pool ^ bit
            mask = theirs | (mine | bit) << n
            children.append(mask if left else mask | 1 << (2 * n))
        return children

    def _tie_break_wins(self, mine: int, theirs: int) -> bool:
        mine_values = [self.values[b] for b in _bits(mine)]
        their_values = [self.values[b] for b in _bits(theirs)]
        if sum(mine_values) != sum(their_values):
            return sum(mine_values) > sum(their_values)
        return max(mine_values, default=0) > max(their_values, default=0)


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit)
        mask ^= bit
    return found
