"""Tournaments for a class, without a screen or a database."""

from rules.tournament.course import (
    enter_result,
    mark_absent,
    new_tournament,
    pair_round,
    read_roster,
)
from rules.tournament.model import (
    FORMATS,
    Pairing,
    Round,
    Tournament,
    TournamentError,
)
from rules.tournament.standings import Standing, standings

__all__ = [
    "FORMATS",
    "Pairing",
    "Round",
    "Standing",
    "Tournament",
    "TournamentError",
    "enter_result",
    "mark_absent",
    "new_tournament",
    "pair_round",
    "read_roster",
    "standings",
]
