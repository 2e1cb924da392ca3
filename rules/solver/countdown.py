"""Countdown Duel's exact solver: the hook `rules.solver.core` calls for this game.

`solve_countdown(state)` gives the value of a position (`Solution`), and
`countdown_move_values(state)` the value after each legal move. Positions are packed into
ints and searched by `rules.solver.countdown_engine` (the ideas are explained there and in
docs/countdown-solver.md). A position that is not *normal* (a player has just passed, or
was built by hand with another stalemate winner) is read here with the rules' own
meaning for one or two plies, until every line reaches a normal position.
"""

from __future__ import annotations

import time

from rules.base import PlayerNo, other
from rules.countdown import GAME, CountdownMove, CountdownState
from rules.solver.core import Solution
from rules.solver.countdown_engine import K, CountdownEngine, truncate

#: A transposition table larger than this is emptied before the next question.
TABLE_LIMIT = 2_500_000

_ENGINES: dict[tuple[int, int, int], CountdownEngine] = {}


def engine_for(target: int, pool: tuple[int, int]) -> CountdownEngine:
    """The engine (and its tables, kept between questions) for a target and a pool."""
    key = (target, *pool)
    engine = _ENGINES.get(key)
    if engine is None:
        if len(_ENGINES) >= 4:
            _ENGINES.clear()
        engine = _ENGINES[key] = CountdownEngine(target, *pool)
    elif len(engine.table) > TABLE_LIMIT:
        engine.table.clear()
    return engine


def clear_cache() -> None:
    """Forget every engine and its tables."""
    _ENGINES.clear()


def _outcome(score: int, mover: PlayerNo) -> tuple[PlayerNo, int]:
    """(winner, plies) of a score seen from `mover`'s side."""
    if score > 0:
        return mover, K - score
    return other(mover), K + score


def _parent(child: int) -> int:
    """A child's score seen from the player who moved into it."""
    return 1 - child if child > 0 else -1 - child


class _Position:
    """A position as ints: total, both masks, mover, passes in a row, stalemate winner."""

    def __init__(self, engine: CountdownEngine, state: CountdownState) -> None:
        self.engine = engine
        low = state.options.pool[0]
        self.masks = [sum(1 << (x - low) for x in state.available_to(p)) for p in (1, 2)]
        self.total = state.running_total
        self.mover: PlayerNo = state.to_move
        self.passes = state.passes_in_row
        last = state.last_valid_mover
        #: Who wins if the game ends in a stalemate now.
        self.stalemate: PlayerNo = other(state.options.first) if last is None else last

    def _score(self, total: int, mine: int, theirs: int, passes: int, stalemate_mine: bool) -> int:
        """Score for the player to move (mask `mine`) with the rules read literally."""
        engine = self.engine
        if passes == 0 and not stalemate_mine:
            return engine.score(total, mine, theirs)
        best = self._after_pass(total, mine, theirs, passes, stalemate_mine)
        for bit, number in engine.members[mine]:
            for after in _results(total, number):
                value = self._after_valid(after, mine ^ bit, theirs)
                if value > best:
                    best = value
        return best

    def _after_pass(
        self, total: int, mine: int, theirs: int, passes: int, stalemate_mine: bool
    ) -> int:
        if passes + 1 >= 2 or not (mine or theirs):
            return K - 1 if stalemate_mine else 1 - K
        return _parent(self._score(total, theirs, mine, passes + 1, not stalemate_mine))

    def _after_valid(self, after: int, left: int, theirs: int) -> int:
        if after >= self.engine.target or not (left or theirs):
            return K - 1
        return _parent(self.engine.score(after, theirs, left))

    def move_scores(self) -> dict[str, int]:
        """Each legal move's score for the player to move (rules.countdown's legal moves)."""
        engine = self.engine
        mine = self.masks[self.mover - 1]
        theirs = self.masks[2 - self.mover]
        low = engine.low
        scores: dict[str, int] = {}
        for move in GAME.legal_moves(_STATE_PLACEHOLDER) if False else ():
            del move
        stalemate_mine = self.stalemate == self.mover
        for move in _legal(mine, low, engine.size):
            if move.op is None or move.number is None:
                value = self._after_pass(self.total, mine, theirs, self.passes, stalemate_mine)
            else:
                bit = 1 << (move.number - low)
                after = _apply(self.total, move.op, move.number)
                value = self._after_valid(after, mine ^ bit, theirs)
            scores[GAME.format_move(move)] = value
        return scores
