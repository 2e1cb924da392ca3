"""The solver's verdict on a position as a puzzle: is it one, what solves it, how hard.

- a puzzle's position is not over, and the player to move can force a win;
- few moves win: at most 6, and at most a quarter of the legal moves;
- it is not trivial: there is a real choice (two or more different picks, a declaration
  aside) and some pick loses, so "every move wins" and "take the only number left" are out.

Difficulty from the figures: the plies the win takes (a win at once, in 3, in 5 or
more), how many moves win (one alone is harder to find) and how many of the moves lose.
"""

from __future__ import annotations

from typing import Any

from rules.puzzles.model import Difficulty, Figures
from rules.solver import move_values

#: The most winning moves a puzzle may have.
MAX_WINNING = 6


def base_move(text: str) -> str:
    """The move without its declaration (`7:5-2=3` -> `7`): what the player picks."""
    return text.partition(":")[0]


def winning_moves(game_id: str, state: Any) -> tuple[tuple[str, ...], Figures]:
    """Every winning move (notation, sorted) for the player to move, and the figures."""
    mover = state.to_move
    values = move_values(game_id, state)
    won = {text: plies for text, (winner, plies) in values.items() if winner == mover}
    plies = min(won.values()) + 1 if won else max(p for _, p in values.values()) + 1
    return tuple(sorted(won)), Figures(len(values), len(won), plies)


def is_puzzle(values_won: tuple[str, ...], figures: Figures, legal: list[str]) -> bool:
    """Does a position with these winning moves make a puzzle (see the module's rules)?"""
    if not values_won:
        return False
    if figures.winning > MAX_WINNING or 4 * figures.winning > figures.legal:
        return False
    picks = {base_move(m) for m in legal}
    winning_picks = {base_move(m) for m in values_won}
    return len(picks) >= 2 and winning_picks != picks


def difficulty_score(figures: Figures) -> int:
    """0, 1, ...: the longer the win and the fewer the winning moves, the harder."""
    score = 2 * ((figures.plies - 1) // 2)
    if figures.winning == 1:
        score += 2
    elif figures.winning == 2:
        score += 1
    if figures.losing >= 20:
        score += 1
    return score


def difficulty_of(figures: Figures) -> Difficulty:
    score = difficulty_score(figures)
    if score <= 1:
        return "easy"
    if score <= 3:
        return "medium"
    return "hard"
