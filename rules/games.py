"""The five games and their named variants, in menu order. `rules.registry.get_game`
imports this on first call, so the menu (which reads `rules.catalog`) loads no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import collect, conquest, countdown, fifty, template
from rules.base import Game, GameOptions, SomeGame
from rules.catalog import GAME_IDS


def _by_id(*games: Game[Any, Any, Any]) -> dict[str, SomeGame]:
    table = {game.id: game for game in games}
    if tuple(table) != GAME_IDS:
        raise TypeError("the games are listed in the catalog's order")
    return table


#: Each game by id.
GAMES: dict[str, SomeGame] = _by_id(
    collect.GAME, template.GAME, fifty.GAME, conquest.GAME, countdown.GAME
)

#: Each game's named variants (the setup's presets), by game id.
VARIANTS: dict[str, Mapping[str, GameOptions]] = {
    "collect": collect.VARIANTS,
    "template": template.VARIANTS,
    "fifty": fifty.VARIANTS,
    "conquest": conquest.VARIANTS,
    "countdown": countdown.VARIANTS,
}


def variants_of(game_id: str) -> Mapping[str, GameOptions]:
    """The named variants of a game (a `KeyError` for an id that is not a game)."""
    return VARIANTS[game_id]
