"""Puzzles: positions where the player to move can force a win (docs/puzzles.md)."""

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
