"""Computer players for the screen: which levels exist, and a move function for a level.

The levels (easy, medium, perfect) come with the solver issue; until then none is
available and the setup screen says so. `make_bot` is the one place that will hand a
game screen its computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The levels the setup screen names, in order.
LEVELS: tuple[str, ...] = ("easy", "medium", "perfect")


def available_levels(game_id: str) -> tuple[str, ...]:
    """The computer levels that can play `game_id` now (none before the solver lands)."""
    return ()


def make_bot(game_id: str, level: str | None) -> Callable[[Any], Any] | None:
    """A function from a state to the computer's move, or None when there is none yet."""
    return None
