"""Standings: points, then the format's tie-breaks in FIDE's order (C.07, 2023): Swiss,
Buchholz, direct encounter, wins; round robin, direct encounter, wins, Sonneborn–Berger,
Koya. Players level on everything keep roster order and share the place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from rules.tournament import tiebreaks as tb
from rules.tournament.model import Tournament

DIRECT = "direct encounter"
#: Each format's tie-breaks, in order.
SYSTEMS: dict[str, tuple[str, ...]] = {
    "swiss": ("Buchholz", DIRECT, "wins"),
    "round-robin": (DIRECT, "wins", "Sonneborn-Berger", "Koya"),
}
#: The tables' short headings.
SHORT = {
    "Buchholz": "Buchholz",
    DIRECT: "DE",
    "wins": "Wins",
    "Sonneborn-Berger": "SB",
    "Koya": "Koya",
}
#: What each table says under it: the system it used.
SYSTEM_WORDS = {
    "swiss": (
        "Ties broken by FIDE's tie-break rules (C.07, 2023), Swiss: Buchholz (a round not "
        "played counts against a stand-in opponent with the player's own points), then the "
        "direct encounter (DE), then the number of wins."
    ),
    "round-robin": (
        "Ties broken by FIDE's tie-break rules (C.07, 2023), round robin: the direct "
        "encounter (DE), then the number of wins, then Sonneborn-Berger (SB), then Koya."
    ),
}

_Value = Callable[[str, dict[str, list[tb.Played]]], float]
_VALUES: dict[str, _Value] = {
    "Buchholz": tb.buchholz,
    "wins": tb.wins,
    "Sonneborn-Berger": tb.sonneborn_berger,
    "Koya": tb.koya,
}


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    points: float
    #: The format's tie-breaks in order, each with its value (the direct encounter: the
    #: points scored against the players level with them, 0 when none was).
    tiebreaks: tuple[tuple[str, float], ...]
    played: int
    won: int
    lost: int
    byes: int

    def value(self, tiebreak: str) -> float:
        return dict(self.tiebreaks)[tiebreak]

    def as_json(self) -> dict[str, object]:
        return {**asdict(self), "tiebreaks": dict(self.tiebreaks)}


def points(tournament: Tournament) -> dict[str, float]:
    """Each player's points so far."""
    return {name: tb.score(rounds) for name, rounds in tb.rounds_of(tournament).items()}


def current_round(tournament: Tournament) -> int:
    """The first round not complete (the last round when all are): the round being played."""
    for rnd in tournament.rounds:
        if not rnd.complete:
            return rnd.number
    return tournament.rounds[-1].number if tournament.rounds else 1


def _split(
    group: list[str],
    order: Sequence[str],
    everyone: dict[str, list[tb.Played]],
    values: dict[str, dict[str, float]],
) -> list[list[str]]:
    """The group in tiers, best first, by the tie-breaks `order` in turn."""
    if len(group) == 1 or not order:
        return [group]
    first, rest = order[0], order[1:]
    if first == DIRECT:
        tiers, scored = tb.direct_encounter(group, everyone)
        values[DIRECT].update(scored)
    else:
        levels = sorted({values[first][n] for n in group}, reverse=True)
        tiers = [[n for n in group if values[first][n] == level] for level in levels]
    return [part for tier in tiers for part in _split(tier, rest, everyone, values)]


def standings(tournament: Tournament) -> list[Standing]:
    """The players in order, best first."""
    everyone = tb.rounds_of(tournament)
    system = SYSTEMS[tournament.format]
    values = {"points": {n: tb.score(r) for n, r in everyone.items()}}
    for name in system:
        values[name] = (
            dict.fromkeys(everyone, 0.0)
            if name == DIRECT
            else {n: _VALUES[name](n, everyone) for n in everyone}
        )
    tiers = _split(list(tournament.players), ("points", *system), everyone, values)
    current = current_round(tournament)
    byes = [r.bye for r in tournament.rounds if r.bye is not None and r.number <= current]
    rows: list[Standing] = []
    for tier in tiers:
        place = len(rows) + 1
        for name in tier:
            games = [r for r in everyone[name] if r.game]
            won = sum(1 for r in games if r.score == 1.0)
            rows.append(
                Standing(
                    place=place,
                    name=name,
                    points=values["points"][name],
                    tiebreaks=tuple((t, values[t][name]) for t in system),
                    played=len(games),
                    won=won,
                    lost=len(games) - won,
                    byes=byes.count(name),
                )
            )
    return rows
