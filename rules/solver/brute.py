"""Plain brute-force minimax over the game's own verbs: no table, no pruning.

The reference the solver is tested against (on reduced variants: it is exponential).
A position's value is (winner, plies to the end) with the winner winning as fast as
possible and the loser holding out as long as possible. `horizon` bounds the plies
searched for games that could go on for ever (conquest): a value that needs more plies
than the horizon is None.
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo, other

Value = tuple[PlayerNo, int]


def brute_value(game: Any, state: Any, horizon: int | None = None) -> Value | None:
    """(winner, plies) with best play, or None if not settled within `horizon` plies."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.winner, 0
    if horizon is not None and horizon <= 0:
        return None
    mover: PlayerNo = game.to_move(state)
    wins: list[int] = []
    losses: list[int] = []
    unsettled = False
    for move in game.legal_moves(state):
        value = brute_value(game, game.play(state, move), None if horizon is None else horizon - 1)
        if value is None:
            unsettled = True
        elif value[0] == mover:
            wins.append(value[1] + 1)
        else:
            losses.append(value[1] + 1)
    if wins:  # an unsettled move could only win later than the horizon
        return mover, min(wins)
    if unsettled:
        return None
    return other(mover), max(losses)


def brute_move_values(game: Any, state: Any, horizon: int | None = None) -> dict[str, Value | None]:
    """Each legal move in notation -> (winner, plies after it), or None if unsettled."""
    return {
        game.format_move(move): brute_value(
            game, game.play(state, move), None if horizon is None else horizon - 1
        )
        for move in game.legal_moves(state)
    }


def brute_solve(game: Any, state: Any, horizon: int | None = None) -> tuple[Value, list[str]]:
    """The value and every move (sorted notation) that keeps the result for the mover."""
    value = brute_value(game, state, horizon)
    if value is None:
        raise ValueError("the position is not settled within the horizon")
    moves = brute_move_values(game, state, horizon)
    if value[0] == game.to_move(state):
        best = [text for text, after in moves.items() if after is not None and after[0] == value[0]]
    else:
        best = list(moves)
    return value, sorted(best)
