"""FIDE's tie-breaks (C.07, 2023) for games without draws.

A round not played (a Swiss bye, a forfeit, a Swiss absence) counts against the dummy
opponent, who has the player's own points (C.07 16); a round-robin bye is no round. An
opponent who stopped coming has later absences counted as ½ (the adjusted score).
Buchholz 8.1, Sonneborn–Berger 8.2, Koya 9.2 (opponents with half the maximum or more),
wins 7.1; the direct encounter (6) places a player above another only when no result to
come between them could change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.tournament.model import Tournament


@dataclass(frozen=True)
class Played:
    """One of a player's rounds: `opponent` None when there was none (a bye, absent)."""

    round: int
    opponent: str | None
    score: float
    #: A game played over the board (or its result entered by hand).
    game: bool


def rounds_of(tournament: Tournament) -> dict[str, list[Played]]:
    """Every player's decided rounds, in order."""
    swiss = tournament.format == "swiss"
    out: dict[str, list[Played]] = {name: [] for name in tournament.players}
    for rnd in tournament.rounds:
        seated: set[str] = set()
        for p in rnd.pairings:
            seated.update(p.names)
            if p.status not in ("played", "forfeit") or p.winner is None:
                continue
            for seat, name in enumerate(p.names, 1):
                other = p.names[2 - seat]
                score = 1.0 if p.winner == seat else 0.0
                out[name].append(Played(rnd.number, other, score, p.status == "played"))
        if swiss and rnd.bye is not None:
            out[rnd.bye].append(Played(rnd.number, None, 1.0, False))
            seated.add(rnd.bye)
        for name in rnd.absent:
            if swiss and name not in seated:
                out[name].append(Played(rnd.number, None, 0.0, False))
    return out


def score(rounds: Sequence[Played]) -> float:
    return sum(r.score for r in rounds)


def adjusted_score(rounds: Sequence[Played]) -> float:
    """A player's score as their opponents' Buchholz counts it: each round left out
    absent after their last round available to play is a draw (C.07 16.3)."""
    available = max((r.round for r in rounds if r.game or r.score == 1.0), default=0)
    stopped = sum(1 for r in rounds if r.opponent is None and r.round > available)
    return score(rounds) + 0.5 * stopped


def buchholz(name: str, everyone: dict[str, list[Played]]) -> float:
    own = score(everyone[name])
    return sum(
        adjusted_score(everyone[r.opponent]) if r.game and r.opponent is not None else own
        for r in everyone[name]
    )


def sonneborn_berger(name: str, everyone: dict[str, list[Played]]) -> float:
    own = score(everyone[name])
    return sum(
        r.score * (adjusted_score(everyone[r.opponent]) if r.game and r.opponent else own)
        for r in everyone[name]
    )


def koya(name: str, everyone: dict[str, list[Played]]) -> float:
    most = max((sum(1 for r in rounds if r.game) for rounds in everyone.values()), default=0)
    return sum(
        r.score
        for r in everyone[name]
        if r.game and r.opponent is not None and score(everyone[r.opponent]) >= most / 2
    )


def wins(name: str, everyone: dict[str, list[Played]]) -> float:
    return float(sum(1 for r in everyone[name] if r.score == 1.0))


def direct_encounter(
    group: Sequence[str], everyone: dict[str, list[Played]]
) -> tuple[list[list[str]], dict[str, float]]:
    """The group split in order by the direct encounter, and each one's points in it.
    Players it leaves level come in one list, in the group's order."""
    members = set(group)
    points = dict.fromkeys(group, 0.0)
    met: dict[str, set[str]] = {name: set() for name in group}
    for name in group:
        for r in everyone[name]:
            if r.game and r.opponent in members:
                points[name] += r.score
                met[name].add(r.opponent)
    # The most each could have, every game between them not yet played won.
    best = {name: points[name] + len(group) - 1 - len(met[name]) for name in group}
    order = sorted(group, key=lambda name: (-points[name], -best[name]))
    tiers = [[order[0]]]
    for index in range(1, len(order)):
        above, below = order[:index], order[index:]
        if min(points[n] for n in above) > max(best[n] for n in below):
            tiers.append([order[index]])
        else:
            tiers[-1].append(order[index])
    tiers = [sorted(tier, key=list(group).index) for tier in tiers]
    if len(tiers) == 1:
        return tiers, points
    # Those still level are compared again among themselves (C.07 6).
    again: list[list[str]] = []
    for tier in tiers:
        again += direct_encounter(tier, everyone)[0] if len(tier) > 1 else [tier]
    return again, points
