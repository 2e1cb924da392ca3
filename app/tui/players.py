"""Computer players for the screen: which levels exist, and a move function for a level.

The levels (easy, medium, perfect) live in `rules.players`; when that module is missing
(before the solver lands) no level is available and the setup screen says so.
`make_bot` is the one place that hands a game screen its computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The levels the setup screen names, in order.
LEVELS: tuple[str, ...] = ("easy", "medium", "perfect")


def available_levels(game_id: str) -> tuple[str, ...]:
    """The computer levels that can play `game_id` now."""
    try:
        from rules.players import LEVELS as levels
    except ImportError:
        return ()
    return tuple(levels)


def make_bot(game_id: str, level: str | None) -> Callable[[Any], Any] | None:
    """A function from a state to the computer's move, or None when there is none."""
    if level is None or level not in available_levels(game_id):
        return None
    from rules.players import make_player

    player: Callable[[Any], Any] = make_player(level, game_id)
    return player
