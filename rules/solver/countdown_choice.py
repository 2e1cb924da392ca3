"""The perfect player's move in Countdown Duel (see `rules.solver.perfect`).

In a normal position the value comes first (zero-window tests), then only the winning
moves are scored exactly, or every move when all lose. Among equal resistances, the one
leaving the opponent the fewest fastest wins is played (one zero-window test per reply).
"""

from __future__ import annotations

import random

from rules.base import other
from rules.countdown import GAME, PASS_TEXT, CountdownState
from rules.solver.countdown import move_scores, packed, valid_moves
from rules.solver.countdown_engine import K
from rules.solver.types import Choice, outcome_of, parent_score


def _is_normal(state: CountdownState) -> bool:
    """Nobody has passed since the last valid move, and a stalemate goes to the opponent
    of the player to move (`rules.solver.countdown_engine`)."""
    last = state.last_valid_mover
    stalemate_to = other(state.options.first) if last is None else last
    return state.passes_in_row == 0 and stalemate_to != state.to_move


def fastest_replies(state: CountdownState, text: str) -> int:
    """How many of the opponent's moves after `text` keep their fastest win (0 when it
    ends the game)."""
    after = GAME.play_text(state, text)
    if after.result is not None:
        return 0
    if not _is_normal(after):  # after a pass: the exact scores, as the rules read them
        scores = list(move_scores(after).values())
        return sum(1 for score in scores if score == max(scores) > 0)
    engine, mine, theirs = packed(after)
    best = engine.score(after.running_total, mine, theirs)
    if best < 0:
        return 0  # the opponent has no winning reply at all
    # A reply keeps `best` when the position after it scores this or less for the mover.
    bound = -best - 1
    count = 0
    for _, total, left in valid_moves(after, mine):  # (in a normal position a pass loses)
        if total >= after.options.target or not (left or theirs):
            if best == K - 1:  # the target, or the last number of both: a win in 1
                count += 1
        elif engine.at_most(total, theirs, left, bound):
            count += 1
    return count


def value_first_scores(state: CountdownState) -> dict[str, int]:
    """Each move's exact score where it matters, in a normal position: if some moves win
    (zero-window tests), only those exactly (the others as a loss in 2, like a pass); else
    every move, for the longest resistance."""
    engine, mine, theirs = packed(state)
    children: dict[str, tuple[int, int, int]] = {}
    scores: dict[str, int] = {PASS_TEXT: 2 - K}
    for text, total, left in valid_moves(state, mine):
        if total >= state.options.target or not (left or theirs):
            scores[text] = K - 1
        else:
            children[text] = (total, theirs, left)
    winning = [text for text, child in children.items() if not engine.wins(*child)]
    if winning or max(scores.values()) > 0:
        for text, child in children.items():
            scores[text] = 2 - K if text not in winning else parent_score(engine.score(*child))
        return scores
    for text, child in children.items():
        scores[text] = parent_score(engine.score(*child))
    return scores


def countdown_choice(state: CountdownState, rng: random.Random) -> Choice:
    """The perfect move in a Countdown position that is not over."""
    scores = value_first_scores(state) if _is_normal(state) else move_scores(state)
    best = max(scores.values())
    winner, plies = outcome_of(best, state.to_move, K)
    candidates = sorted(text for text, score in scores.items() if score == best)
    if best < 0 and len(candidates) > 1:
        replies = {text: fastest_replies(state, text) for text in candidates}
        fewest = min(replies.values())
        candidates = [text for text in candidates if replies[text] == fewest]
    return Choice(rng.choice(candidates), winner, plies)
