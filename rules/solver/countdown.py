"""Countdown Duel's exact solver, the hook `rules.solver.core` calls for this game.

Positions are searched by `rules.solver.countdown_engine` (docs/countdown-solver.md); a
position that is not normal (just after a pass) is read with the rules for a ply or two.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from rules.base import PlayerNo, other
from rules.countdown import GAME, PASS_TEXT, CountdownState
from rules.operators import apply_whole
from rules.solver.countdown_engine import CountdownEngine, K, truncate
from rules.solver.types import Solution, forget, outcome_of, parent_score, trim_tables

#: Engines kept (one per target and pool).
ENGINES_KEPT = 4

_ENGINES: dict[tuple[int, int, int], CountdownEngine] = {}


def engine_for(target: int, pool: tuple[int, int]) -> CountdownEngine:
    """The engine for a target and a pool; its tables are kept between questions."""
    key = (target, *pool)
    engine = _ENGINES.get(key)
    if engine is None:
        if len(_ENGINES) >= ENGINES_KEPT:
            clear_cache()
        engine = _ENGINES[key] = CountdownEngine(target, *pool)
    trim_tables()  # (the process's tables, this one's among them)
    return engine


def clear_cache() -> None:
    """Forget every engine and its tables."""
    for engine in _ENGINES.values():
        forget([engine.table, *engine.memos])
    _ENGINES.clear()


def packed(state: CountdownState) -> tuple[CountdownEngine, int, int]:
    """The engine for the state's target and pool, and the mover's and the opponent's
    numbers as its bit masks."""
    options, mover = state.options, state.to_move
    low = options.pool[0]
    mine, theirs = (
        sum(1 << (x - low) for x in state.available_to(p)) for p in (mover, other(mover))
    )
    return engine_for(options.target, options.pool), mine, theirs


def valid_moves(state: CountdownState, mine: int) -> Iterator[tuple[str, int, int]]:
    """Each move but the pass (notation), with the running total and the mover's numbers
    (a mask) after it, in the order of the legal moves."""
    low = state.options.pool[0]
    for move in GAME.legal_moves(state):
        if move.op is not None and move.number is not None:
            total = apply_whole(state.running_total, move.op, move.number)
            yield GAME.format_move(move), total, mine ^ (1 << (move.number - low))


class _Reader:
    """Scores of positions that need not be normal, from the rules' own meaning, until
    the engine can take over; `stalemate_mine`: a stalemate now goes to the mover."""

    def __init__(self, engine: CountdownEngine) -> None:
        self.engine = engine

    def score(self, total: int, mine: int, theirs: int, passes: int, stalemate_mine: bool) -> int:
        if passes == 0 and not stalemate_mine:
            return self.engine.score(total, mine, theirs)
        best = self.after_pass(total, mine, theirs, passes, stalemate_mine)
        for bit, number in self.engine.members[mine]:
            for after in {total + number, total - number, total * number, truncate(total, number)}:
                value = self.after_valid(after, mine ^ bit, theirs)
                if value > best:
                    best = value
        return best

    def after_pass(
        self, total: int, mine: int, theirs: int, passes: int, stalemate_mine: bool
    ) -> int:
        """The mover's score for a pass (or a lost turn, or a forced skip)."""
        if passes + 1 >= 2 or not (mine or theirs):
            return K - 1 if stalemate_mine else 1 - K
        return parent_score(self.score(total, theirs, mine, passes + 1, not stalemate_mine))

    def after_valid(self, after: int, left: int, theirs: int) -> int:
        """The mover's score for a valid move that leaves `after` and numbers `left`."""
        if after >= self.engine.target or not (left or theirs):
            return K - 1  # the target, or a stalemate that the mover made last
        return parent_score(self.engine.score(after, theirs, left))


def move_scores(state: CountdownState) -> dict[str, int]:
    """Each legal move (notation) -> its score for the player to move (see `outcome_of`)."""
    options = state.options
    engine, mine, theirs = packed(state)
    reader = _Reader(engine)
    last = state.last_valid_mover
    stalemate_mine = (other(options.first) if last is None else last) == state.to_move
    scores = {
        text: reader.after_valid(total, left, theirs)
        for text, total, left in valid_moves(state, mine)
    }
    scores[PASS_TEXT] = reader.after_pass(
        state.running_total, mine, theirs, state.passes_in_row, stalemate_mine
    )
    return scores


def solve_countdown(state: CountdownState) -> Solution:
    """The value of a Countdown position with best play from both sides (`Solution`)."""
    start = time.perf_counter()
    mover = state.to_move
    if state.result is not None:
        return Solution(state.result.winner, mover, (), 0, time.perf_counter() - start)
    scores = move_scores(state)
    best = max(scores.values())
    winner, plies = outcome_of(best, mover, K)
    if winner == mover:
        moves = tuple(sorted(text for text, value in scores.items() if value > 0))
    else:
        moves = tuple(sorted(scores))
    return Solution(winner, mover, moves, plies, time.perf_counter() - start)


def countdown_move_values(state: CountdownState) -> dict[str, tuple[PlayerNo, int]]:
    """Each legal move (notation, `pass` included) -> (winner with best play after it,
    plies left after it)."""
    if state.result is not None:
        return {}
    mover = state.to_move
    values: dict[str, tuple[PlayerNo, int]] = {}
    for text, score in move_scores(state).items():
        winner, plies = outcome_of(score, mover, K)
        values[text] = (winner, plies - 1)
    return values
