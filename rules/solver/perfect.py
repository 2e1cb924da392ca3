"""The perfect player's move: who wins first, then how fast, only among moves that keep it.

1. The value by a zero-window search; 2. the exact distance by iterative deepening of
zero-window tests ("a win within d plies?"); 3. one move, in random order, that keeps that
score; 4. when lost, among the longest resistances, the one after which the fewest of the
opponent's replies keep their fastest win. Countdown has its own (`countdown_choice`).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator
from typing import Any

from rules.base import PlayerNo
from rules.solver.core import _LOCK, Engine, engine_for, root_children
from rules.solver.countdown_choice import countdown_choice
from rules.solver.types import LOSE_NOW, WIN, WIN_NOW, Choice, Spec, outcome_of


def best_score(engine: Engine, node: Any) -> int:
    """The node's exact score: its value first, then its distance by iterative deepening
    (or, in a game of fixed length, from the spec's `fixed_plies`)."""
    fixed = getattr(engine.spec, "fixed_plies", None)
    if fixed is not None:
        plies: int = fixed(node)
        return WIN - plies if engine.wins(node) else plies - WIN
    if engine.wins(node):
        plies = 1
        while not engine.at_least(node, WIN - plies):
            plies += 1
        return WIN - plies
    plies = 2
    while engine.at_least(node, plies - WIN):
        plies += 1
    return plies - 1 - WIN


def _keeps(engine: Engine, child: Any, score: int) -> bool:
    """Does the move to `child` give the mover `score` (the best there is) or more?"""
    if child is WIN_NOW:
        return True
    if child is LOSE_NOW:
        return score <= 1 - WIN
    # parent_score(c) >= score  <=>  c <= the bound below (c is never 0).
    bound = 1 - score if score < 0 else -score - 1
    return not engine.at_least(child, bound + 1)


def _keeps_test(engine: Engine, spec: Spec, score: int) -> Callable[[Any], bool]:
    """`_keeps` for one score; for a win in 3 the spec's `loses_within_two` when it has
    one (the opponent keeps a win in 3 when the mover then loses within two plies)."""
    if getattr(spec, "fixed_plies", None) is not None:  # only the value matters
        if score < 0:
            return lambda child: True  # every move loses, in as many plies
        return lambda child: child is WIN_NOW or (child is not LOSE_NOW and not engine.wins(child))
    fast: Callable[[Any], bool] | None = getattr(spec, "loses_within_two", None)
    if score == WIN - 3 and fast is not None:
        return lambda child: child is WIN_NOW or (child is not LOSE_NOW and fast(child))
    return lambda child: _keeps(engine, child, score)


def _moves(game: Any, spec: Spec, state: Any) -> list[tuple[str, Any]]:
    """Every legal move in notation with its child (the spec's fast list when it has one)."""
    fast = getattr(spec, "root_moves", None)
    if fast is not None:
        moves: list[tuple[str, Any]] = fast(state)
        return moves
    return root_children(game, spec, state)


def perfect_choice(game_id: str, state: Any, rng: random.Random) -> Choice:
    """The perfect player's move in a state that is not over, drawn with `rng` among equals."""
    with _LOCK:
        if game_id == "countdown":
            return countdown_choice(state, rng)
        game, spec, engine = engine_for(game_id, state.options)
        engine.trim()
        mover: PlayerNo = game.to_move(state)
        score = best_score(engine, spec.encode(state))
        moves = _moves(game, spec, state)
        order = list(range(len(moves)))
        rng.shuffle(order)
        winner, plies = outcome_of(score, mover)
        keeps = _keeps_test(engine, spec, score)
        if score > 0:
            # A move the table already proves is taken first (the proof of the score
            # went through one); else each is tested.
            bound = -score - 1
            proven = (
                i
                for i in order
                if moves[i][1] is WIN_NOW
                or (moves[i][1] is not LOSE_NOW and engine.upper_bound(moves[i][1]) <= bound)
            )
            chosen = next(proven, None)
            if chosen is None:
                chosen = next(i for i in order if keeps(moves[i][1]))
            return Choice(moves[chosen][0], winner, plies)
        longest = [moves[i] for i in order if keeps(moves[i][1])]
        if len(longest) == 1:
            return Choice(longest[0][0], winner, plies)
        return Choice(
            rng.choice(_fewest_replies(engine, game, spec, state, longest)), winner, plies
        )


def _fewest_replies(
    engine: Engine, game: Any, spec: Spec, state: Any, moves: list[tuple[str, Any]]
) -> list[str]:
    """The moves (sorted notation) after which the fewest of the opponent's replies keep
    their fastest win; with the spec's `reply_groups`, moves reaching one node count once."""
    groups_of = getattr(spec, "reply_groups", None)
    # Candidates: moves leading to the same node (with `reply_groups`) or each move.
    candidates: list[list[str]] = []
    heap: list[tuple[int, int, bool]] = []
    pending: dict[int, tuple[Iterator[tuple[Any, int]], Callable[[Any], bool]]] = {}
    by_child: dict[Any, list[str]] = {}
    for text, child in moves:
        if groups_of is None or child is WIN_NOW or child is LOSE_NOW:
            by_child[(text,)] = [text]  # counted on its own
        else:
            by_child.setdefault(child, []).append(text)
    for key, texts in by_child.items():
        number = len(candidates)
        candidates.append(texts)
        if isinstance(key, tuple):
            after = game.play_text(state, texts[0])
            if game.outcome(after) is not None:
                heap.append((0, number, True))  # the move ends the game: no reply
                continue
            node = spec.encode(after)
            groups: dict[Any, int] = {}
            replies: Iterator[tuple[Any, int]] = ((r, 1) for _, r in _moves(game, spec, after))
        else:
            node = key
            groups = groups_of(node) if groups_of is not None else {}
            replies = iter(groups.items())
        best = best_score(engine, node)
        if best == WIN - 1 and groups:  # the opponent wins at once: those replies count
            heap.append((groups.get(WIN_NOW, 0), number, True))
            continue
        pending[number] = (replies, _keeps_test(engine, spec, best))
        heap.append((0, number, False))
    # Best first: the candidate with the fewest keeping replies found so far is counted
    # on, until one is counted out; it then has the fewest, and the others stop as soon
    # as they have more.
    heapq.heapify(heap)
    least: int | None = None
    chosen: list[str] = []
    while heap:
        count, number, done = heapq.heappop(heap)
        if least is not None and count > least:
            break
        if done:
            least = count
            chosen.extend(candidates[number])
            continue
        replies, keeps = pending[number]
        done = True
        for reply, times in replies:
            if keeps(reply):
                count += times
                done = False
                break
        heapq.heappush(heap, (count, number, done))
    return sorted(chosen)


__all__ = ["Choice", "best_score", "perfect_choice"]
