"""Tournaments for a class, without a screen or a database (Textual-free).

- `model`: the tournament as pydantic data (roster, format, rounds, pairings, results).
- `berger`: round-robin rounds from the Berger tables (FIDE Handbook C.05, Annex 1).
- `swiss`: one Swiss round (Dutch-like, simplified: see that module).
- `course`: building a tournament, pairing the next round, results, absences.
- `standings`, `tiebreaks`: points and FIDE's tie-breaks (C.07, 2023): Buchholz with the
  dummy opponent, the direct encounter, wins, Sonneborn–Berger, Koya.
"""

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
