"""Exact solutions of every game: who wins with best play, which moves keep it, how soon."""

from rules.solver.core import clear_cache, move_values, solve
from rules.solver.types import Solution, SolverError

__all__ = ["Solution", "SolverError", "clear_cache", "move_values", "solve"]
