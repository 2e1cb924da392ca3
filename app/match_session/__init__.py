"""A match without a screen: `MatchSession` and the events its verbs return.

Textual-free (an import-linter contract holds it): the full screen, the plain mode and
puzzles are views of a session.
"""

from app.match_session.events import (
    ClockRanOut,
    Event,
    MatchOver,
    NotKept,
    Played,
    Refused,
    RoundOver,
    TurnLost,
)
from app.match_session.keeping import Keeper, KeepNothing, SavedGames
from app.match_session.session import Clock, MatchSession
from app.match_session.starts import from_setup, one_game_from, single_game

__all__ = [
    "Clock",
    "ClockRanOut",
    "Event",
    "KeepNothing",
    "Keeper",
    "MatchOver",
    "MatchSession",
    "NotKept",
    "Played",
    "Refused",
    "RoundOver",
    "SavedGames",
    "TurnLost",
    "from_setup",
    "one_game_from",
    "single_game",
]
