"""One registry maps the ids `collect template fifty conquest countdown` to games."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rules.base import Game

#: The game ids, in menu order, with the module that holds each game.
GAME_IDS: tuple[str, ...] = ("collect", "template", "fifty", "conquest", "countdown")

_cache: dict[str, Game[Any, Any, Any]] = {}


class UnknownGame(KeyError):
    """A game id that is not one of the five."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (choose from {', '.join(GAME_IDS)})"


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game with this id (its module is imported on first use)."""
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    if game_id not in _cache:
        module = import_module(f"rules.{game_id}")
        _cache[game_id] = module.GAME
    return _cache[game_id]


def all_games() -> list[Game[Any, Any, Any]]:
    return [get_game(game_id) for game_id in GAME_IDS]
