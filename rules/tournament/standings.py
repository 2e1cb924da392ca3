"""Standings: points, then the format's tie-break, then head to head, then the roster.

- Points (rules.tournament.model): a won pairing 1, a Swiss bye 1, a forfeit win 1.
- Sonneborn–Berger (round robin): the sum of the final points of the opponents a
  player beat (FIDE Handbook C.02, 13.16.2; with no draws there are no halves).
- Buchholz (Swiss): the sum of the final points of every opponent a player met (C.02,
  13.16.1). Simplification: unplayed rounds (byes, forfeits, absences) add nothing,
  instead of FIDE 2023's virtual opponent.
- Head to head: among players still level, the points each scored in the games they
  played against one another (C.02, 13.16.5, "direct encounter").
Players level on all three keep their roster order and share the place.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rules.tournament.model import Tournament


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    points: float
    #: "Sonneborn-Berger" or "Buchholz", and its value.
    tiebreak_name: str
    tiebreak: float
    head_to_head: float
    played: int
    won: int
    lost: int
    byes: int

    def as_json(self) -> dict[str, object]:
        return {
            "place": self.place,
            "name": self.name,
            "points": self.points,
            "tiebreaks": {self.tiebreak_name: self.tiebreak, "head to head": self.head_to_head},
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "byes": self.byes,
        }


def points(tournament: Tournament) -> dict[str, float]:
    """Each player's points so far."""
    score: dict[str, float] = dict.fromkeys(tournament.players, 0.0)
    for rnd in tournament.rounds:
        for pairing in rnd.pairings:
            winner = pairing.winner_name
            if winner is not None and pairing.status in ("played", "forfeit"):
                score[winner] += 1.0
        if rnd.bye is not None and tournament.format == "swiss":
            score[rnd.bye] += 1.0
    return score


def played_games(tournament: Tournament) -> list[tuple[str, str]]:
    """(winner, loser) of every game played (or entered by hand), in order."""
    games = []
    for rnd in tournament.rounds:
        for pairing in rnd.pairings:
            if pairing.status == "played" and pairing.winner is not None:
                winner, loser = pairing.winner_name, pairing.loser_name
                assert winner is not None and loser is not None
                games.append((winner, loser))
    return games


def current_round(tournament: Tournament) -> int:
    """The first round not complete (the last round when all are): the round being played."""
    for rnd in tournament.rounds:
        if not rnd.complete:
            return rnd.number
    return tournament.rounds[-1].number if tournament.rounds else 1


def standings(tournament: Tournament) -> list[Standing]:
    """The players in order, best first."""
    score = points(tournament)
    games = played_games(tournament)
    swiss = tournament.format == "swiss"
    tiebreak: dict[str, float] = defaultdict(float)
    won: dict[str, int] = defaultdict(int)
    lost: dict[str, int] = defaultdict(int)
    for winner, loser in games:
        won[winner] += 1
        lost[loser] += 1
        tiebreak[winner] += score[loser]
        if swiss:
            tiebreak[loser] += score[winner]
    byes: dict[str, int] = defaultdict(int)
    for rnd in tournament.rounds:
        if rnd.bye is not None and rnd.number <= current_round(tournament):
            byes[rnd.bye] += 1

    roster = list(tournament.players)
    level: dict[tuple[float, float], list[str]] = defaultdict(list)
    for name in roster:
        level[(score[name], tiebreak[name])].append(name)
    direct: dict[str, float] = defaultdict(float)
    for group in level.values():
        if len(group) > 1:
            members = set(group)
            for winner, loser in games:
                if winner in members and loser in members:
                    direct[winner] += 1.0

    def key(name: str) -> tuple[float, float, float, int]:
        return (-score[name], -tiebreak[name], -direct[name], roster.index(name))

    ordered = sorted(roster, key=key)
    rows: list[Standing] = []
    for index, name in enumerate(ordered):
        place = index + 1
        if rows and key(name)[:3] == key(ordered[index - 1])[:3]:
            place = rows[-1].place
        rows.append(
            Standing(
                place=place,
                name=name,
                points=score[name],
                tiebreak_name="Buchholz" if swiss else "Sonneborn-Berger",
                tiebreak=tiebreak[name],
                head_to_head=direct[name],
                played=won[name] + lost[name],
                won=won[name],
                lost=lost[name],
                byes=byes[name],
            )
        )
    return rows
