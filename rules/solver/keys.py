"""Fast state keys and move ordering for the generic solver, one spec per game.

A spec turns a game state into a small hashable node (an int: the state key) and lists a
node's children in a good order, leaving out moves that cannot be better than another
child. The rules stay the reference: `tests/rules/test_solver.py` checks every spec
against a plain minimax over the game's own verbs (`rules.solver.brute`).

- collect: node = (mover's numbers, opponent's numbers, sudden-death turns) as bit masks;
  the pool is whatever neither player holds. A pick whose numbers hold an equation wins at
  once (the player declares it, `rules.solver.collect_fast`); a number that would give the
  opponent an equation must be taken.
- template: node = the six slots (the digits left follow from them); slots whose values
  can be swapped without changing the result (`_ + _ × _`: the two factors) are kept
  sorted, so mirror positions share one entry. The game always lasts until the six slots
  are full, so only who wins is searched.
- fifty: node = (numbers left, mover's score, opponent's score, who started); moves with
  the same result on the same two numbers are one child; a hit on the target ends it.
- conquest: a table over the last two numbers (retrograde analysis), since the last two
  numbers are all that matters; with numbers from 1 every pair can be completed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from rules.base import other
from rules.conquest import ConquestOptions, ConquestState
from rules.solver.collect_fast import equation_sets
from rules.solver.core import LOSE_NOW, WIN, WIN_NOW, SolverError, Spec

# ---------------------------------------------------------------------------- collect


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

    def known(self, node: int) -> int | None:
        return None


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit)
        mask ^= bit
    return found


# --------------------------------------------------------------------------- template


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

    def known(self, node: int) -> int | None:
        return None


def _swapped(t: tuple[int, int, int], i: int, j: int) -> tuple[int, int, int]:
    cells = list(t)
    cells[i], cells[j] = cells[j], cells[i]
    return cells[0], cells[1], cells[2]


# ------------------------------------------------------------------------------ fifty

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


# --------------------------------------------------------------------------- conquest


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
    """Every position's score by retrograde analysis, or None when every pair completes.

    Positions are settled by distance, one round per ply: a position is won as soon as a
    move reaches a lost one (the shortest win), lost once every move reaches a won one
    (the longest loss). Positions never settled are draws: play can go on forever.
    """
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


def spec_for(game_id: str, options: Any) -> Spec | None:
    """The fast spec of a game, or None (the solver then uses the game's verbs)."""
    if game_id == "collect":
        return CollectSpec(options)
    if game_id == "template":
        return TemplateSpec(options)
    if game_id == "fifty":
        return FiftySpec(options)
    if game_id == "conquest":
        return ConquestSpec(options)
    return None
