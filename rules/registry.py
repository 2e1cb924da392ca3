"""The games by id. Importing this loads no game and no pydantic: `get_game` imports
`rules.games` on its first call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.catalog import GAME_IDS, GAME_INFO, GameInfo, UnknownGame

if TYPE_CHECKING:
    from rules.base import SomeGame

__all__ = ["GAME_IDS", "GAME_INFO", "GameInfo", "SomeGame", "UnknownGame", "get_game"]


def get_game(game_id: str) -> SomeGame:
    """The game with this id (the games are loaded on the first call)."""
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    from rules.games import GAMES  # deferred for a quick menu, not for a circle

    return GAMES[game_id]
