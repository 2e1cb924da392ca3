"""The five games as pure data and functions. Never imports textual."""

from rules.base import Game, GameOptions, IllegalMove, MoveSyntaxError, Outcome, PlayerNo, other
from rules.registry import GAME_IDS, UnknownGame, all_games, get_game

__all__ = [
    "GAME_IDS",
    "Game",
    "GameOptions",
    "IllegalMove",
    "MoveSyntaxError",
    "Outcome",
    "PlayerNo",
    "UnknownGame",
    "all_games",
    "get_game",
    "other",
]
