"""The solver's spec for Exactly Fifty (see `rules.solver.specs`).

Node = (numbers left, mover's score, opponent's score, who started); moves with
the same result on the same two numbers are one child; a hit on the target ends it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Iterator
from typing import Any

from rules.base import other
from rules.solver.types import LOSE_NOW, WIN, WIN_NOW

_SCORE_BITS = 12
_SCORE_OFFSET = 1 << (_SCORE_BITS - 1)
#: Sets of numbers whose moves are kept (a few KB each) before the list is started over.
_POOLS_KEPT = 5_000


class FiftySpec:
    """Exactly Fifty: numbers left as a mask, both scores and who started, in one int.

    Per set of numbers left, the distinct (result, numbers left after) of one move are
    kept once. A move that lets the opponent hit the target at once loses in two plies,
    the worst there is short of going over: one such move stands for all of them. The
    last move (fewer than four numbers left) is settled from the results alone.
    """

    def __init__(self, options: Any) -> None:
        self.numbers: tuple[int, ...] = options.numbers()
        self.n = len(self.numbers)
        self.target: int = options.target
        self.first = options.first
        # Each pair of numbers (as two bits) with its distinct results, and for each
        # result the pairs that make it.
        self.pairs: list[tuple[int, tuple[int, ...]]] = []
        self.makers: dict[int, list[int]] = {}
        for i, a in enumerate(self.numbers):
            for j in range(i + 1, self.n):
                b = self.numbers[j]
                bits = 1 << i | 1 << j
                values = tuple(sorted({a + b, a * b, a - b, b - a, a // b, b // a}))
                self.pairs.append((bits, values))
                for value in values:
                    self.makers.setdefault(value, []).append(bits)
        self._moves: dict[int, list[tuple[int, int]]] = {}
        self._ascending: dict[int, list[int]] = {}

    def moves(self, pool: int) -> list[tuple[int, int]]:
        """The distinct (result, numbers left) of one move, highest result first."""
        found = self._moves.get(pool)
        if found is None:
            if len(self._moves) > _POOLS_KEPT:
                self._moves.clear()
            moves = {
                (value, pool ^ bits)
                for bits, values in self.pairs
                if pool & bits == bits
                for value in values
            }
            found = sorted(moves, reverse=True)
            self._moves[pool] = found
        return found

    def can_make(self, pool: int, value: int) -> bool:
        """Can one move with the numbers in `pool` give exactly `value`?"""
        return any(pool & bits == bits for bits in self.makers.get(value, ()))

    def _results(self, pool: int) -> list[int]:
        """Every result of one move with the numbers in `pool`, lowest first."""
        found = self._ascending.get(pool)
        if found is None:
            found = sorted({v for bits, vs in self.pairs if pool & bits == bits for v in vs})
            self._ascending[pool] = found
        return found

    def encode(self, state: Any) -> Hashable:
        pool = 0
        for number in state.pool:
            pool |= 1 << self.numbers.index(number)
        mover = state.to_move
        return self._pack(pool, state.score(mover), state.score(other(mover)), mover)

    def _pack(self, pool: int, mine: int, theirs: int, mover: int) -> int:
        n = self.n
        return (
            pool
            | (mine + _SCORE_OFFSET) << n
            | (theirs + _SCORE_OFFSET) << (n + _SCORE_BITS)
            | (mover - 1) << (n + 2 * _SCORE_BITS)
        )

    def _unpack(self, node: int) -> tuple[int, int, int, int]:
        n = self.n
        mask = (1 << _SCORE_BITS) - 1
        pool = node & ((1 << n) - 1)
        mine = (node >> n & mask) - _SCORE_OFFSET
        theirs = (node >> (n + _SCORE_BITS) & mask) - _SCORE_OFFSET
        mover = (node >> (n + 2 * _SCORE_BITS)) + 1
        return pool, mine, theirs, mover

    def expand(self, node: int) -> Iterator[Any]:
        """The children, made one by one: most searches stop after the first few."""
        pool, mine, theirs, mover = self._unpack(node)
        target = self.target
        can_make = self.can_make
        if can_make(pool, target - mine):
            yield WIN_NOW
            return
        exact = self.known(node)
        if exact is not None:  # the last move
            yield WIN_NOW if exact > 0 else LOSE_NOW
            return
        need = target - theirs
        fallback: Any = LOSE_NOW  # every move goes over
        searched = False
        opponent = 3 - mover
        for value, left in self.moves(pool):
            score = mine + value
            if score > target:
                continue
            child = self._pack(left, theirs, score, opponent)
            if can_make(left, need):
                fallback = child  # the opponent hits the target next
            else:
                searched = True
                yield child
        if not searched:
            yield fallback

    def known(self, node: int) -> int | None:
        """The score of a node where the mover makes the last move, else None."""
        pool = node & ((1 << self.n) - 1)
        if pool.bit_count() > 3:
            return None
        _, mine, theirs, mover = self._unpack(node)
        results = self._results(pool)
        at = bisect_right(results, self.target - mine)
        if at == 0:
            return 1 - WIN  # every move goes over
        score = mine + results[at - 1]
        if score == self.target or score > theirs or (score == theirs and mover != self.first):
            return WIN - 1  # a hit, or the closer score (equal: the second player wins)
        return 1 - WIN
