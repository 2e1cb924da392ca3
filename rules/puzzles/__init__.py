"""Puzzles: positions where the player to move can force a win, found by the solver.

    generate(game_id, seed, difficulty) -> Puzzle      from plausible play (the solver)
    pick(game_id, seed, difficulty) -> Puzzle          from the shipped bank (instant)
    daily(date) -> Puzzle                              the same for everyone on a date
    check(puzzle) -> list[str]                         what is wrong with it (empty: sound)

See docs/puzzles.md.
"""

from rules.puzzles.judge import difficulty_of, winning_moves
from rules.puzzles.model import DIFFICULTIES, Difficulty, Figures, Puzzle, puzzle_id

__all__ = [
    "DIFFICULTIES",
    "Difficulty",
    "Figures",
    "Puzzle",
    "difficulty_of",
    "puzzle_id",
    "winning_moves",
]
