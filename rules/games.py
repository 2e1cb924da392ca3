"""The five games and their named variants, in menu order. `rules.registry.get_game`
imports this on first call, so the menu (which reads `rules.catalog`) loads no game.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import collect, conquest, countdown, fifty, template
from rules.base import GameOptions, SomeGame
from rules.catalog import GAME_IDS

#: The games' modules, in the catalog's order (`GAME_IDS`).
_GAMES = (collect, template, fifty, conquest, countdown)

#: Each game by id (`tests/rules/test_consistency.py` checks each game's own id).
GAMES: dict[str, SomeGame] = dict(zip(GAME_IDS, (m.GAME for m in _GAMES), strict=True))

#: Each game's named variants (the setup's presets), by game id.
VARIANTS: dict[str, Mapping[str, GameOptions]] = dict(
    zip(GAME_IDS, (m.VARIANTS for m in _GAMES), strict=True)
)


def variants_of(game_id: str) -> Mapping[str, GameOptions]:
    """The named variants of a game (a `KeyError` for an id that is not a game)."""
    return VARIANTS[game_id]
