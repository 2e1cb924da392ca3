"""One registry maps the ids `collect template fifty conquest countdown` to games."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # importing the registry loads no game (and no pydantic)
    from rules.base import Frozen, Game, GameOptions, GameState

    #: A game chosen at run time (by id), seen through the rules' base classes: the verbs
    #: every game shares, on any options, state and move. Code that reads one game's own
    #: fields narrows with `isinstance` on that game's models.
    SomeGame = Game[GameOptions, GameState, Frozen]

#: The game ids, in menu order, with the module that holds each game.
GAME_IDS: tuple[str, ...] = ("collect", "template", "fifty", "conquest", "countdown")


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows of a game, without loading it."""

    id: str
    title: str
    pitch: str


#: Each game's title and one-line pitch (the game classes read theirs from here).
GAME_INFO: dict[str, GameInfo] = {
    "collect": GameInfo(
        "collect",
        "Equation Duel: Collect & Declare",
        "Pick numbers from a shared pool; first to declare a balancing equation wins.",
    ),
    "template": GameInfo(
        "template",
        "Equation Duel: Templates",
        "Place shared digits in either equation template — build your result high, your opponent's low.",
    ),
    "fifty": GameInfo(
        "fifty",
        "Equation Duel: Exactly Fifty",
        "Spend two shared numbers a turn on an equation and hit exactly 50 — one point over loses.",
    ),
    "conquest": GameInfo(
        "conquest",
        "Equation Conquest",
        "Append numbers 1–9; win when the last three form an equation.",
    ),
    "countdown": GameInfo(
        "countdown",
        "Countdown Duel",
        "Push a shared running total to 30 with your own numbers 1-9, each used once.",
    ),
}

_cache: dict[str, SomeGame] = {}


class UnknownGame(KeyError):
    """A game id that is not one of the five."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (choose from {', '.join(GAME_IDS)})"


def get_game(game_id: str) -> SomeGame:
    """The game with this id (its module is imported on first use)."""
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    if game_id not in _cache:
        module = import_module(f"rules.{game_id}")
        _cache[game_id] = module.GAME
    return _cache[game_id]


def all_games() -> list[SomeGame]:
    return [get_game(game_id) for game_id in GAME_IDS]
