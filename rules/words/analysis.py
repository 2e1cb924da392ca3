"""The analysis of a game in words: values, the moves that win, the first mistake.

A value is (winner with best play, moves to the end); moves are in notation as the
analysis gives them and come out described (`8 × 1 = 8`, `27 ÷ 3 = 9`, `9 → Bob slot 1`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.base import PlayerNo
from rules.registry import get_game
from rules.words.common import DEFAULT_NAMES, Names, moves_text, name_of, possessive
from rules.words.moves import short_move

#: How many best moves a line lists before "… (N in all)".
BEST_SHOWN = 6


def value_text(value: tuple[PlayerNo, int], names: Names = DEFAULT_NAMES) -> str:
    """`Ada wins in 5 moves`, or `Ada has won` at the end."""
    winner, moves = value
    if moves == 0:
        return f"{name_of(winner, names)} has won"
    return f"{name_of(winner, names)} wins in {moves_text(moves)}"


def listing(items: Sequence[str], shown: int = BEST_SHOWN) -> str:
    """`1, 4 or 6`; a long list is cut: `1, 2, 3, … (14 in all)`."""
    if len(items) > shown:
        return f"{', '.join(items[:shown])}, … ({len(items)} in all)"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} or {items[-1]}"


def moves_listing(
    game_id: str,
    state: Any,
    moves: Sequence[str],
    names: Names = DEFAULT_NAMES,
    shown: int = BEST_SHOWN,
) -> str:
    """The moves (notation) at `state` described, listed: `8 × 1 = 8 or 9 × 5 = 45`;
    `any move (12)` when every legal move is among them."""
    if len(moves) > 1 and len(moves) == len(get_game(game_id).legal_moves(state)):
        return f"any move ({len(moves)})"
    return listing([short_move(game_id, state, move, names) for move in moves], shown)


def start_line(value: tuple[PlayerNo, int], first: PlayerNo, names: Names = DEFAULT_NAMES) -> str:
    """`Ada wins in 7 moves (Bob moved first).`"""
    return f"{value_text(value, names)} ({name_of(first, names)} moved first)."


def mistake_line(
    game_id: str,
    state: Any,
    number: int,
    mover: PlayerNo,
    move: str,
    best: Sequence[str],
    names: Names = DEFAULT_NAMES,
) -> str:
    """`move 3, Ada's 9 × 5 = 45 (winning: 8 × 1 = 8 or 6 × 7 = 42).`"""
    played = short_move(game_id, state, move, names)
    winning = moves_listing(game_id, state, best, names, 3)
    return f"move {number}, {possessive(name_of(mover, names))} {played} (winning: {winning})."
