"""Standings and tie-breaks, against examples worked by hand from FIDE's rules (C.02)."""

from __future__ import annotations

from rules.tournament import (
    Pairing,
    Round,
    Tournament,
    enter_result,
    mark_absent,
    new_tournament,
    standings,
)
from rules.tournament.course import find_pairing


def _won(t: Tournament, winner: str, loser: str) -> Tournament:
    for rnd in t.rounds:
        if any({winner, loser} == set(p.names) for p in rnd.pairings):
            find_pairing(rnd, winner, loser)
            return enter_result(t, rnd.number, winner, loser, winner)
    raise AssertionError("not paired")


def test_sonneborn_berger_then_head_to_head() -> None:
    # Ann beat Dee, Bea beat Cal, Dee beat Bea; the other three games not played yet.
    # Points: Ann 1, Bea 1, Dee 1, Cal 0.
    # Sonneborn-Berger (the points of those beaten): Ann = Dee's 1, Dee = Bea's 1,
    # Bea = Cal's 0. Ann and Dee are level on both: Ann beat Dee, so Ann is first,
    # though Dee comes first on the roster.
    t = new_tournament("RR", ["Dee", "Bea", "Cal", "Ann"], "fifty")
    for winner, loser in [("Ann", "Dee"), ("Bea", "Cal"), ("Dee", "Bea")]:
        t = _won(t, winner, loser)
    rows = standings(t)
    assert [(r.place, r.name, r.points, r.tiebreak, r.head_to_head) for r in rows] == [
        (1, "Ann", 1.0, 1.0, 1.0),
        (2, "Dee", 1.0, 1.0, 0.0),
        (3, "Bea", 1.0, 0.0, 0.0),
        (4, "Cal", 0.0, 0.0, 0.0),
    ]
    assert rows[0].tiebreak_name == "Sonneborn-Berger"


def test_buchholz_counts_every_opponent_and_a_swiss_bye_scores_one() -> None:
    # Round 1: A beat B, C beat D, E has the bye. Round 2: C beat A, B beat E, D has the
    # bye. Points: A 1, B 1, C 2, D 1 (bye), E 1 (bye).
    # Buchholz (the points of everyone met; byes add nothing): A = B 1 + C 2 = 3,
    # B = A 1 + E 1 = 2, C = D 1 + A 1 = 2, D = C 2 = 2, E = B 1 = 1.
    # Order: C (2); then A (1, 3); then B and D (1, 2; they never met: the roster's
    # order, one shared place); then E.
    t = Tournament(
        name="S",
        players=("A", "B", "C", "D", "E"),
        game="collect",
        format="swiss",
        rounds_planned=2,
        rounds=(
            Round(
                number=1,
                pairings=(
                    Pairing(p1="A", p2="B", status="played", winner=1),
                    Pairing(p1="D", p2="C", status="played", winner=2),
                ),
                bye="E",
            ),
            Round(
                number=2,
                pairings=(
                    Pairing(p1="C", p2="A", status="played", winner=1),
                    Pairing(p1="E", p2="B", status="played", winner=2),
                ),
                bye="D",
            ),
        ),
    )
    rows = standings(t)
    assert [(r.place, r.name, r.points, r.tiebreak) for r in rows] == [
        (1, "C", 2.0, 2.0),
        (2, "A", 1.0, 3.0),
        (3, "B", 1.0, 2.0),
        (3, "D", 1.0, 2.0),
        (5, "E", 1.0, 1.0),
    ]
    assert rows[0].as_json()["tiebreaks"] == {"Buchholz": 2.0, "head to head": 0.0}


def test_round_robin_bye_scores_nothing_and_a_forfeit_is_not_a_game() -> None:
    t = new_tournament("RR", ["A", "B", "C"], "fifty")
    assert [r.bye for r in t.rounds] == ["A", "C", "B"]  # FIDE: 1-4, 4-3, 2-4 with 4 the dummy
    assert all(r.points == 0 for r in standings(t))
    s = new_tournament("S", ["A", "B", "C", "D"], "collect", format="swiss", rounds=2)
    first, second = s.rounds[0].pairings
    s = enter_result(s, 1, first.p1, first.p2, first.p1)
    s = mark_absent(s, 1, second.p1)  # results are in: the one who came wins by forfeit
    by_name = {r.name: r for r in standings(s)}
    assert by_name[second.p2].points == 1.0
    assert by_name[second.p2].played == 0 and by_name[second.p2].tiebreak == 0.0
    assert len(s.rounds) == 2  # round 1 is complete: round 2 is paired
