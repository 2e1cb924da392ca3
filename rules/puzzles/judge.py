"""The solver's verdict on a position as a puzzle: is it one, what solves it, how hard.

A puzzle is not over, the mover can force a win, at most 6 moves (and a quarter of the
legal ones) win, and there is a real choice. Difficulty as ruled (RULINGS.md, "Puzzles"),
choices counted once (`rules.choices`): hard, a win in two or more own moves with one
winning choice; medium, a longer win with several, or a win at once with one choice of
six or more; easy, the rest. Conquest's puzzles are all wins at once: easy only.
"""

from __future__ import annotations

from typing import Any

from rules.choices import base_move, choices
from rules.puzzles.model import DIFFICULTIES, Difficulty, Figures
from rules.solver.core import move_values

#: The most winning moves a puzzle may have.
MAX_WINNING = 6

#: Games that cannot give every difficulty, and why (in words, for the CLI and the menu).
NOT_OFFERED: dict[str, tuple[tuple[Difficulty, ...], str]] = {
    "conquest": (
        ("easy",),
        "Conquest is decided on the third number (any two numbers can be completed), "
        "so every conquest puzzle is a win at once: it has easy puzzles only.",
    ),
}

__all__ = ["base_move"]


def offered(game_id: str) -> tuple[Difficulty, ...]:
    """The difficulties the game's puzzles come in."""
    return NOT_OFFERED[game_id][0] if game_id in NOT_OFFERED else DIFFICULTIES


def not_offered_reason(game_id: str, difficulty: Difficulty) -> str | None:
    """Why the game has no puzzles of `difficulty` and what it has (None when it has)."""
    if difficulty in offered(game_id):
        return None
    has = " and ".join(offered(game_id))
    return f"{NOT_OFFERED[game_id][1]} There are no {difficulty} ones; try {has}."


def winning_moves(game_id: str, state: Any) -> tuple[tuple[str, ...], Figures]:
    """Every winning move (notation, sorted) for the player to move, and the figures."""
    mover = state.to_move
    values = move_values(game_id, state)
    won = {text: plies for text, (winner, plies) in values.items() if winner == mover}
    plies = min(won.values()) + 1 if won else max(p for _, p in values.values()) + 1
    moves = tuple(sorted(won))
    legal_choices = choices(game_id, state, tuple(values))
    return moves, Figures(
        len(values), len(won), plies, choices(game_id, state, moves), legal_choices
    )


def is_puzzle(values_won: tuple[str, ...], figures: Figures, legal: list[str]) -> bool:
    """Does a position with these winning moves make a puzzle (see the module's rules)?"""
    if not values_won:
        return False
    if figures.winning > MAX_WINNING or 4 * figures.winning > figures.legal:
        return False
    picks = {base_move(m) for m in legal}
    winning_picks = {base_move(m) for m in values_won}
    return len(picks) >= 2 and winning_picks != picks


def difficulty_of(figures: Figures) -> Difficulty:
    """The difficulty as ruled (see the module's notes)."""
    if figures.mover_moves >= 2:
        return "hard" if figures.choices == 1 else "medium"
    if figures.choices == 1 and figures.legal_choices >= 6:
        return "medium"
    return "easy"


def fits(figures: Figures, difficulty: Difficulty) -> bool:
    """Does a puzzle with these figures meet the ruling for `difficulty` (see the module)?"""
    if difficulty == "easy":
        return True
    long_win = figures.mover_moves >= 2
    if difficulty == "medium":
        return long_win or 6 * figures.choices <= figures.legal_choices
    return long_win and figures.choices == 1
