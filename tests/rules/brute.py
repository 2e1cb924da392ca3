"""Plain brute-force minimax over the game's own verbs: the reference the solver is tested
against (exponential: reduced variants only). `horizon` bounds games that could go on for
ever; a value beyond it is None. A `table` passed to several calls is shared by them.
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo, other

Value = tuple[PlayerNo, int]
Table = dict[tuple[Any, int | None], Value | None]


def _value(game: Any, state: Any, horizon: int | None, table: Table) -> Value | None:
    """(winner, plies) with best play, or None if not settled within `horizon` plies."""
    key = (state, horizon)
    if key in table:
        return table[key]
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
        after = None if horizon is None else horizon - 1
        value = _value(game, game.play(state, move), after, table)
        if value is None:
            unsettled = True
        elif value[0] == mover:
            wins.append(value[1] + 1)
        else:
            losses.append(value[1] + 1)
    result: Value | None
    if wins:  # an unsettled move could only win later than the horizon
        result = mover, min(wins)
    elif unsettled:
        result = None
    else:
        result = other(mover), max(losses)
    table[key] = result
    return result


def brute_move_values(
    game: Any, state: Any, horizon: int | None = None, table: Table | None = None
) -> dict[str, Value | None]:
    """Each legal move in notation -> (winner, plies after it), or None if unsettled."""
    seen: Table = {} if table is None else table
    return {
        game.format_move(move): _value(
            game, game.play(state, move), None if horizon is None else horizon - 1, seen
        )
        for move in game.legal_moves(state)
    }


def brute_solve(
    game: Any, state: Any, horizon: int | None = None, table: Table | None = None
) -> tuple[Value, list[str]]:
    """The value and every move (sorted notation) that keeps the result for the mover."""
    if table is None:
        table = {}
    value = _value(game, state, horizon, table)
    if value is None:
        raise ValueError("the position is not settled within the horizon")
    moves = brute_move_values(game, state, horizon, table)
    if value[0] == game.to_move(state):
        best = [text for text, after in moves.items() if after is not None and after[0] == value[0]]
    else:
        best = list(moves)
    return value, sorted(best)
