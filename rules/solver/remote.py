"""The perfect move and a hint's data across a process boundary (issue 14).

The app runs the search in another process (`concurrent.futures.ProcessPoolExecutor`),
so that the interface's thread never waits on it and ending the process cancels it.
These functions are top-level, take and return only plain values (strings, lists, ints),
and rebuild the position from the options and the moves, so they pickle:

    perfect_choice_data(game_id, options_json, moves, seed=None) -> (move, winner, plies)
        the perfect player's move in notation, the winner with best play after it and the plies to the end, this
        move included (what a hint shows: `rules.analysis.hint_of_choice` makes the
        sentence)

`options_json` is `options.model_dump_json()`; `moves` the moves played so far, in
notation. Ties between equal moves are drawn from `seed` and the number of moves played,
so one seed gives one game the same way every time. The solver's tables stay in the
worker process between questions (the next move of the same game is then faster); a
worker that is ended takes them with it. Raises `ValueError` when the game is over.
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
