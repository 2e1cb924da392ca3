"""Computer players for the screen: which levels exist, and a move function for a level.

The levels (easy, medium, perfect) and the players themselves live in `rules.players`;
`make_bot` is the one place that hands a game screen its computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.players import LEVELS, make_player

__all__ = ["LEVELS", "available_levels", "make_bot"]


def available_levels(game_id: str) -> tuple[str, ...]:
    """The computer levels that can play `game_id` (every level plays every game)."""
    return LEVELS


def make_bot(game_id: str, level: str | None) -> Callable[[Any], Any] | None:
    """A function from a state to the computer's move, or None when there is none."""
    if level is None or level not in LEVELS:
        return None
    player: Callable[[Any], Any] = make_player(level, game_id)
    return player
