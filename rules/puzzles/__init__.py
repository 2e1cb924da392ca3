"""Puzzles: positions where the player to move can force a win, found by the solver.

    generate.generate(game_id, seed, difficulty) -> Puzzle   from plausible play (the solver)
    bank.pick(game_id, seed, difficulty) -> Puzzle           from the shipped bank (instant)
    bank.daily(date) -> Puzzle                               the same for everyone on a date
    bank.check(puzzle) -> list[str]                          what is wrong (empty: sound)
    refute.judge_move(game_id, state, move) -> Verdict       right, or why it loses
    words.position_words / move_words                        the puzzle in words

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
