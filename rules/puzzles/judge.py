"""The solver's verdict on a position as a puzzle: is it one, what solves it, how hard.

- a puzzle's position is not over, and the player to move can force a win;
- few moves win: at most 6, and at most a quarter of the legal moves;
- it is not trivial: there is a real choice (two or more different picks, a declaration
  aside) and some pick loses, so "every move wins" and "take the only number left" are out.

Difficulty as ruled (RULINGS.md, "Puzzles"), from the figures:

- hard: the win takes two or more of the mover's own moves, and there is one winning
  choice (moves that are the same choice, fifty's `4*8` and `8*4`, counted once:
  `rules.choices`);
- medium: the win takes two or more of the mover's moves (and more than one choice
  wins), or it is a win at once where one choice alone wins among six legal choices or
  more (legal moves that are the same choice, a collect pick with or without its
  declaration, counted once too);
- easy: a win at once where more than one choice wins, or one of fewer than six.

Conquest is decided on its third number, so its puzzles are all wins at once: easy only
(`offered`, and `NOT_OFFERED` says why in words).
"""

from __future__ import annotations

from typing import Any

from rules.choices import base_move, choices
from rules.puzzles.model import DIFFICULTIES, Difficulty, Figures
from rules.solver import move_values

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
    """Does a puzzle with these figures meet the ruling for `difficulty`? (Easy may be
    anything; medium and hard need a win of two or more of the mover's own moves, or at
    most one legal choice in six winning; hard needs one winning choice and two moves.)"""
    if difficulty == "easy":
        return True
    long_win = figures.mover_moves >= 2
    if difficulty == "medium":
        return long_win or 6 * figures.choices <= figures.legal_choices
    return long_win and figures.choices == 1
