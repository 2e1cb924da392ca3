"""The solver's spec for Exactly Fifty: node = (numbers left, both scores, who started); moves
with the same result on the same two numbers are one child.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Hashable, Iterator
from typing import Any

from rules.base import other
from rules.solver.types import LOSE_NOW, WIN, WIN_NOW

_SCORE_BITS = 12
_SCORE_OFFSET = 1 << (_SCORE_BITS - 1)
#: Sets of numbers whose moves are kept (up to 2 KB each) before the list is started over.
_POOLS_KEPT = 5_000
#: The bits of the numbers left in a packed move (`FiftySpec.moves`): 15 numbers at most.
_LEFT_BITS = 16
_LEFT = (1 << _LEFT_BITS) - 1


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
        self._moves: dict[int, array[int]] = {}
        self._ascending: dict[int, list[int]] = {}
        # The results one move can give, as bits (bit v + offset): per pair, and per pool
        # (worked out once per set of numbers, a few MB at most for 15 numbers).
        self._offset = self.numbers[-1]
        self._pair_results = [[0] * self.n for _ in range(self.n)]
        for bits, values in self.pairs:
            i, j = (bits & -bits).bit_length() - 1, bits.bit_length() - 1
            self._pair_results[j][i] = sum(1 << (v + self._offset) for v in values)
        self._makeable: dict[int, int] = {0: 0}

    def moves(self, pool: int) -> array[int]:
        """The distinct (result, numbers left) of one move, highest result first, each packed
        in one int: `result << 16 | numbers left` (8 bytes a move, issue 37)."""
        found = self._moves.get(pool)
        if found is None:
            if len(self._moves) > _POOLS_KEPT:
                self._moves.clear()
            moves = {
                value << _LEFT_BITS | (pool ^ bits)
                for bits, values in self.pairs
                if pool & bits == bits
                for value in values
            }
            found = array("q", sorted(moves, reverse=True))
            self._moves[pool] = found
        return found

    def can_make(self, pool: int, value: int) -> bool:
        """Can one move with the numbers in `pool` give exactly `value`?"""
        found = self._makeable.get(pool)
        if found is None:
            found = self._results_bits(pool)
        shift = value + self._offset
        return shift >= 0 and bool(found >> shift & 1)

    def _results_bits(self, pool: int) -> int:
        """Every result of one move with the numbers in `pool`, as bits (memoised)."""
        found = self._makeable.get(pool)
        if found is None:
            top = pool.bit_length() - 1
            rest = pool ^ (1 << top)
            found = self._results_bits(rest)
            with_top = self._pair_results[top]
            while rest:
                low = rest & -rest
                found |= with_top[low.bit_length() - 1]
                rest ^= low
            self._makeable[pool] = found
        return found

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

    def root_moves(self, state: Any) -> list[tuple[str, Any]]:
        """Every legal move of a state that is not over, in the rules' order and notation
        (`a op b`), with its child: a node, or WIN_NOW / LOSE_NOW when the move ends the
        game. Built here from ints, without the rules' models (tested equal to them)."""
        mover = state.to_move
        mine, theirs = state.score(mover), state.score(other(mover))
        index = self.numbers.index
        pool = sum(1 << index(number) for number in state.pool)
        child = self._child
        moves: list[tuple[str, Any]] = []
        for a in state.pool:
            for b in state.pool:
                if a == b:
                    continue
                left = pool ^ (1 << index(a) | 1 << index(b))
                for op, value in (("+", a + b), ("-", a - b), ("*", a * b), ("/", a // b)):
                    moves.append((f"{a}{op}{b}", child(left, mine, theirs, mover, value)))
        return moves

    def _child(self, left: int, mine: int, theirs: int, mover: int, value: int) -> Any:
        """The child of a move that adds `value` to the mover's score, leaving `left`."""
        score = mine + value
        if score == self.target:
            return WIN_NOW
        if score > self.target:
            return LOSE_NOW
        if left.bit_count() < 2:  # the game ends: the closer score wins
            ahead = score > theirs or (score == theirs and mover != self.first)
            return WIN_NOW if ahead else LOSE_NOW
        return self._pack(left, theirs, score, 3 - mover)

    def reply_groups(self, node: int) -> dict[Any, int]:
        """Each child of a node (WIN_NOW / LOSE_NOW included) with the number of legal
        moves (in notation: `a op b`, order counted) that lead to it."""
        pool, mine, theirs, mover = self._unpack(node)
        groups: dict[Any, int] = {}
        child = self._child
        for bits, _ in self.pairs:
            if pool & bits != bits:
                continue
            i = (bits & -bits).bit_length() - 1
            a, b = self.numbers[i], self.numbers[bits.bit_length() - 1]
            left = pool ^ bits
            for value, times in (
                (a + b, 2),
                (a * b, 2),
                (a - b, 1),
                (b - a, 1),
                (a // b, 1),
                (b // a, 1),
            ):
                key = child(left, mine, theirs, mover, value)
                groups[key] = groups.get(key, 0) + times
        return groups

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
        for move in self.moves(pool):
            score = mine + (move >> _LEFT_BITS)
            if score > target:
                continue
            left = move & _LEFT
            child = self._pack(left, theirs, score, opponent)
            if can_make(left, need):
                fallback = child  # the opponent hits the target next
            else:
                searched = True
                yield child
        if not searched:
            yield fallback

    def wins_at_once(self, node: int) -> bool:
        """Can the side to move hit the target with one move (or win with the last one)?"""
        n = self.n
        pool = node & ((1 << n) - 1)
        mine = (node >> n & ((1 << _SCORE_BITS) - 1)) - _SCORE_OFFSET
        if self.can_make(pool, self.target - mine):
            return True
        exact = self.known(node)
        return exact is not None and exact > 0

    def loses_within_two(self, node: int) -> bool:
        """Does the side to move lose within two plies with best play (every move goes
        over or lets the opponent win at once)? Equal to the search's answer (tested)."""
        if self.wins_at_once(node):
            return False
        pool, mine, theirs, mover = self._unpack(node)
        exact = self.known(node)
        if exact is not None:
            return exact < 0
        target = self.target
        need = target - theirs
        if pool.bit_count() < 6:  # 4 or 5 numbers: the opponent's reply is the last move
            room = target - mine
            for bits, values in self.pairs:
                if pool & bits != bits or values[0] > room:
                    continue
                # The highest result that does not go over is the best.
                score = mine + values[bisect_right(values, room) - 1]
                results = self._results(pool ^ bits)
                at = bisect_right(results, target - theirs)
                if at == 0:
                    return False  # every reply goes over
                reply = theirs + results[at - 1]
                if not (
                    reply == target or reply > score or (reply == score and mover == self.first)
                ):
                    return False
            return True
        # Every pair has a move that does not go over (a - b or b - a is negative), so the
        # mover escapes when taking two numbers leaves no pair making `need`: the pairs
        # making it, as edges, have a cover of at most two numbers.
        edges = [bits for bits in self.makers.get(need, ()) if pool & bits == bits]
        if not edges:
            return False
        first = edges[0]
        for taken in (first & -first, first & (first - 1)):
            rest = [bits for bits in edges if not bits & taken]
            common = pool
            for bits in rest:
                common &= bits
            if not rest or common:
                return False
        return True

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
