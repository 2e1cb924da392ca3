"""Exact solutions of every game: who wins with best play, which moves keep it, how soon.

    solve(game_id, state) -> Solution
    move_values(game_id, state) -> {move in notation: (winner, plies after it)}

See `rules.solver.core` for the search and `rules.solver.specs` for each game's state key;
countdown uses its own solver (`rules.solver.countdown`) when that module is present.
"""

from rules.solver.core import clear_cache, move_values, solve
from rules.solver.types import Solution, SolverError

__all__ = ["Solution", "SolverError", "clear_cache", "move_values", "solve"]
