"""The generic exact solver: negamax with alpha-beta and a transposition table.

No game draws, so a score says who wins and how soon for the side to move: a win in p
plies is `WIN - p`, a loss `-(WIN - p)`; a child's `c` is `1 - c` (c > 0) or `-c - 1`
(c < 0) one ply earlier. The search runs on a game's spec (`rules.solver.specs`), or on the
game's own verbs (`GenericSpec`) without one; root moves always come from the rules.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from rules.base import PlayerNo
from rules.registry import get_game
from rules.solver import countdown as countdown_solver
from rules.solver.specs import spec_for
from rules.solver.types import (
    LOSE_NOW,
    WIN,
    WIN_NOW,
    Solution,
    SolverError,
    Spec,
    held,
    outcome_of,
    parent_score,
    trim_tables,
)

_SPAN = 2 * WIN + 1


class _Values(dict[int, int]):
    """Each value a table stores, as one int object (a few thousand differ at most): a
    position then costs 32 bytes less than with an int of its own (issue 37)."""

    def __missing__(self, value: int) -> int:
        self[value] = value
        return value


_SHARED = _Values()


def _window(bound: int) -> int:
    """A parent's window bound seen from the child (the inverse of the ply shift)."""
    if bound > 0:
        return -bound - 1
    if bound < 0:
        return 1 - bound
    return 0


class Engine:
    """A search with its table, for one game setup (the table outlives one question)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.table: dict[Hashable, int] = held(self)
        self.nodes = 0
        self._expand = spec.expand
        known = getattr(spec, "known", None)
        self._known: Callable[[Any], int | None] | None = known
        #: Optional: whether the side to move at a node can win with one move.
        self._wins_at_once: Callable[[Any], bool] | None = getattr(spec, "wins_at_once", None)
        #: Optional: whether the side to move loses within two plies.
        self._loses_within_two: Callable[[Any], bool] | None = getattr(
            spec, "loses_within_two", None
        )

    def score(self, node: Hashable) -> int:
        """The exact score of a node."""
        self.trim()
        return self._search(node, -WIN, WIN)

    def wins(self, node: Hashable) -> bool:
        """Whether the side to move at `node` wins (a zero window: cheaper than `score`)."""
        self.trim()
        return self._search(node, 0, 0) > 0

    def at_least(self, node: Hashable, bound: int) -> bool:
        """Whether the node's score is `bound` or more (a zero-window test; with a bound
        near a win or a loss, only that many plies deep)."""
        return self._search(node, bound - 1, bound) >= bound

    def upper_bound(self, node: Hashable) -> int:
        """The best score the table already allows the node (no search)."""
        entry = self.table.get(node)
        return WIN - 1 if entry is None else entry % _SPAN - WIN

    def trim(self) -> None:
        """Between two questions: the process's tables held within `TABLE_LIMIT`."""
        trim_tables()

    def _search(self, node: Hashable, alpha: int, beta: int) -> int:
        if self._known is not None:
            exact = self._known(node)
            if exact is not None:
                return exact
        table, shared = self.table, _SHARED
        entry = table.get(node)
        if entry is None:  # a node that is not over: won or lost in 1 ply at the most
            low, high = 1 - WIN, WIN - 1
        else:
            low, high = divmod(entry, _SPAN)
            low -= WIN
            high -= WIN
        # Distance pruning: a window beyond what the node can score is settled at once
        # (a test "win within d plies?" stops at depth d).
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        if alpha >= WIN - 2 and self._wins_at_once is not None:
            # Only a win at once can do (every other child scores WIN - 2 at the most).
            if self._wins_at_once(node):
                return WIN - 1
            table[node] = shared[(low + WIN) * _SPAN + (min(high, WIN - 2) + WIN)]
            return min(high, WIN - 2)
        if alpha >= 2 - WIN and beta <= 3 - WIN and self._loses_within_two is not None:
            # Only whether the side to move survives two plies is asked.
            if self._loses_within_two(node):
                high = min(high, 2 - WIN)
                table[node] = shared[(low + WIN) * _SPAN + (high + WIN)]
                return high
            low = max(low, 3 - WIN)
            table[node] = shared[(low + WIN) * _SPAN + (high + WIN)]
            return low
        self.nodes += 1
        alpha0, beta0 = alpha, beta
        best = -WIN
        for child in self._expand(node):
            if child is WIN_NOW:  # the best there is: exact, whatever the window
                table[node] = shared[(2 * WIN - 1) * _SPAN + (2 * WIN - 1)]
                return WIN - 1
            if child is LOSE_NOW:
                value = 1 - WIN
            else:
                c = self._search(child, _window(beta), _window(alpha))
                value = 1 - c if c > 0 else -c - 1
            if value > best:
                best = value
                if value >= beta:
                    break
                if value > alpha:
                    alpha = value
        if alpha0 < best < beta0:
            low = high = best
        elif best <= alpha0:
            high = min(high, best)
        else:
            low = max(low, best)
        table[node] = shared[(low + WIN) * _SPAN + (high + WIN)]
        return best


class GenericSpec:
    """A spec from the game's own verbs: the node is the state itself (note cleared)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def encode(self, state: Any) -> Hashable:
        if "note" in type(state).model_fields and state.note is not None:
            state = state.model_copy(update={"note": None})
        node: Hashable = state
        return node

    def expand(self, node: Any) -> list[Any]:
        game, mover = self.game, self.game.to_move(node)
        children = [_child(game, self, mover, game.play(node, m)) for m in game.legal_moves(node)]
        return [c for c in children if c is WIN_NOW] + [c for c in children if c is not WIN_NOW]


# The engines, one per game setup, most recently used last.
_ENGINES: OrderedDict[tuple[str, str], tuple[Any, Spec, Engine]] = OrderedDict()
_KEEP = 4


def engine_for(game_id: str, options: Any, generic: bool = False) -> tuple[Any, Spec, Engine]:
    """(game, spec, engine) for a game setup; engines and their tables are reused."""
    key = (game_id + ("/generic" if generic else ""), options.model_dump_json())
    found = _ENGINES.get(key)
    if found is not None:
        _ENGINES.move_to_end(key)
        return found
    game = get_game(game_id)
    spec: Spec | None = None
    if not generic:
        spec = spec_for(game_id, options)
    if spec is None:
        spec = GenericSpec(game)
    made = (game, spec, Engine(spec))
    _ENGINES[key] = made
    while len(_ENGINES) > _KEEP:
        _ENGINES.popitem(last=False)
    return made


#: The tables are shared: a hint, an analysis and a computer player may ask at once from
#: their own threads, so questions to the solver are answered one at a time.
_LOCK = threading.RLock()
_F = TypeVar("_F", bound=Callable[..., Any])


def _one_at_a_time(function: _F) -> _F:
    @functools.wraps(function)
    def locked(*args: Any, **kwargs: Any) -> Any:
        with _LOCK:
            return function(*args, **kwargs)

    return cast(_F, locked)


@_one_at_a_time
def clear_cache() -> None:
    """Forget every engine and its table (the countdown solver's too)."""
    _ENGINES.clear()
    countdown_solver.clear_cache()


def root_children(game: Any, spec: Spec, state: Any) -> list[tuple[str, Any]]:
    """Every legal move at the root, in notation, with its child (node or marker)."""
    mover = game.to_move(state)
    return [
        (game.format_move(move), _child(game, spec, mover, game.play(state, move)))
        for move in game.legal_moves(state)
    ]


def _child(game: Any, spec: Spec, mover: PlayerNo, after: Any) -> Any:
    """The position after a move: a node, or WIN_NOW / LOSE_NOW when the game is over."""
    outcome = game.outcome(after)
    if outcome is not None:
        return WIN_NOW if outcome.winner == mover else LOSE_NOW
    if game.to_move(after) == mover:
        raise SolverError("the solver needs the players to take turns")
    return spec.encode(after)


def _child_score(engine: Engine, child: Any, exact: bool) -> int:
    """A child's score from the mover's side (exact, or only its sign)."""
    if child is WIN_NOW:
        return WIN - 1
    if child is LOSE_NOW:
        return 1 - WIN
    if exact:
        return parent_score(engine.score(child))
    return WIN - 2 if not engine.wins(child) else 2 - WIN


@_one_at_a_time
def solve(game_id: str, state: Any, generic: bool = False) -> Solution:
    """The value of `state`: winner with best play, the moves that keep it, plies to the end."""
    if game_id == "countdown" and not generic:
        return countdown_solver.solve_countdown(state)
    start = time.perf_counter()
    game = get_game(game_id)
    mover: PlayerNo = game.to_move(state)
    outcome = game.outcome(state)
    if outcome is not None:
        return Solution(outcome.winner, mover, (), 0, time.perf_counter() - start)
    game, spec, engine = engine_for(game_id, state.options, generic)
    winner, plies = outcome_of(engine.score(spec.encode(state)), mover)
    children = root_children(game, spec, state)
    if winner == mover:
        best = [text for text, child in children if _child_score(engine, child, False) > 0]
    else:
        best = [text for text, _ in children]
    seconds = time.perf_counter() - start
    return Solution(winner, mover, tuple(sorted(best)), plies, seconds)


@_one_at_a_time
def move_values(game_id: str, state: Any, generic: bool = False) -> dict[str, tuple[PlayerNo, int]]:
    """Each legal move (notation) -> (winner with best play after it, plies after it)."""
    if game_id == "countdown" and not generic:
        return countdown_solver.countdown_move_values(state)
    game = get_game(game_id)
    mover: PlayerNo = game.to_move(state)
    result: dict[str, tuple[PlayerNo, int]] = {}
    if game.outcome(state) is not None:
        return result
    game, spec, engine = engine_for(game_id, state.options, generic)
    for text, child in root_children(game, spec, state):
        winner, plies = outcome_of(_child_score(engine, child, True), mover)
        result[text] = (winner, plies - 1)
    return result
