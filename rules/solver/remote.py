"""The perfect move as plain values, rebuilt from options and moves, so it pickles across a
process boundary. Ties are drawn from `seed` and the number of moves played.
"""

from __future__ import annotations

import random

from rules.registry import get_game
from rules.solver.perfect import perfect_choice


def perfect_choice_data(
    game_id: str, options_json: str, moves: list[str], seed: int | None = None
) -> tuple[str, int, int]:
    """(move in notation, winner with best play after it, plies to the end with it)."""
    game = get_game(game_id)
    options = game.Options.model_validate_json(options_json)
    state = game.replay(options, moves)
    if game.outcome(state) is not None:
        raise ValueError("the game is over: there is no move to make")
    rng = random.Random(None if seed is None else f"{seed}/{len(moves)}")
    choice = perfect_choice(game_id, state, rng)
    return choice.move, int(choice.winner), choice.plies
