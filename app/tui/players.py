"""Computer players for the screen: the levels (every level plays every game), and a move function for a level.

The levels (easy, medium, perfect) and the players themselves live in `rules.players`;
`make_bot` is the one place that hands a game screen its computer player, typed by the
screen's game: a function from a position of that game to its move.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.base import Game, MoveT, OptionsT, StateT
from rules.players import LEVELS, player_for

__all__ = ["LEVELS", "make_bot"]


def make_bot(
    game: Game[OptionsT, StateT, MoveT], level: str | None
) -> Callable[[StateT], MoveT] | None:
    """A function from a position of `game` to the computer's move at `level`, or None
    when there is none."""
    if level is None or level not in LEVELS:
        return None
    return player_for(level, game)
