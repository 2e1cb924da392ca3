"""Standings and tie-breaks, against 5-, 7- and 8-player tournaments worked by hand from
FIDE's Tie-Break Regulations (Handbook C.07, in force since 2023)."""

from __future__ import annotations

from rules.tournament.course import enter_result, find_pairing, mark_absent, new_tournament
from rules.tournament.model import Pairing, Round, Tournament
from rules.tournament.standings import standings


def _won(t: Tournament, winner: str, loser: str) -> Tournament:
    for rnd in t.rounds:
        if any({winner, loser} == set(p.names) for p in rnd.pairings):
            find_pairing(rnd, winner, loser)
            return enter_result(t, rnd.number, winner, loser, winner)
    raise AssertionError("not paired")


def _rows(t: Tournament) -> list[tuple[object, ...]]:
    return [(r.place, r.name, r.points, *(v for _, v in r.tiebreaks)) for r in standings(t)]


def _swiss(players: str, *rounds: Round) -> Tournament:
    return Tournament(
        name="S", players=tuple(players), game="collect", format="swiss",
        rounds_planned=len(rounds), rounds=rounds,
    )  # fmt: skip


def _game(p1: str, p2: str, winner: str, status: str = "played") -> Pairing:
    return Pairing.model_validate(
        {"p1": p1, "p2": p2, "status": status, "winner": 1 if winner == p1 else 2}
    )


def test_five_player_swiss_byes_count_the_dummy_opponent() -> None:
    # FIDE C.07 (2023) 8.1 Buchholz, with article 16: a round not played (here the
    # pairing-allocated bye) counts against a dummy opponent with the player's own points.
    # Round 1: A beat B, C beat D, E has the bye.   A 1, B 0, C 1, D 0, E 1
    # Round 2: C beat A, B beat E, D has the bye.   A 1, B 1, C 2, D 1, E 1
    # Round 3: E beat C, A beat D, B has the bye.   A 2, B 2, C 2, D 1, E 2
    # Buchholz: A = B 2 + C 2 + D 1 = 5;  B = A 2 + E 2 + dummy 2 = 6;
    #           C = D 1 + A 2 + E 2 = 5;  E = dummy 2 + B 2 + C 2 = 6;  D = C 2 + dummy 1 + A 2 = 5.
    # (Byes counted 0, as before, B and E would have 4 and fall below A and C.)
    # B and E level on 6: direct encounter (C.07 6), B beat E. A and C level on 5: C beat A.
    # Number of wins (C.07 7.1, with or without playing): 2 for each of the four.
    t = _swiss(
        "ABCDE",
        Round(number=1, pairings=(_game("A", "B", "A"), _game("C", "D", "C")), bye="E"),
        Round(number=2, pairings=(_game("C", "A", "C"), _game("E", "B", "B")), bye="D"),
        Round(number=3, pairings=(_game("C", "E", "E"), _game("A", "D", "A")), bye="B"),
    )
    assert _rows(t) == [
        (1, "B", 2.0, 6.0, 1.0, 2.0),
        (2, "E", 2.0, 6.0, 0.0, 2.0),
        (3, "C", 2.0, 5.0, 1.0, 2.0),
        (4, "A", 2.0, 5.0, 0.0, 2.0),
        (5, "D", 1.0, 5.0, 0.0, 1.0),
    ]
    assert standings(t)[0].as_json()["tiebreaks"] == {
        "Buchholz": 6.0, "direct encounter": 1.0, "wins": 2.0,
    }  # fmt: skip


def test_seven_player_round_robin_direct_encounter_before_sonneborn_berger() -> None:
    # FIDE C.07 (2023), individual round robin: points, direct encounter (6), number of
    # wins (7.1), Sonneborn-Berger (8.2), Koya (9.2). Seven players: each has one bye,
    # which scores nothing and is no round of theirs. The 21 games (winner first):
    #   Ann: beat Bo, Cy, Di, Gus; lost to Ed, Flo                     4
    #   Bo:  beat Cy, Di, Ed, Flo; lost to Ann, Gus                    4
    #   Cy:  beat Di, Flo, Gus; lost to Ann, Bo, Ed                    3
    #   Di:  beat Ed, Flo                                              2
    #   Ed:  beat Ann, Cy, Flo, Gus; lost to Bo, Di                    4
    #   Flo: beat Ann                                                  1
    #   Gus: beat Bo, Di, Flo; lost to Ann, Cy, Ed                     3
    # Ann, Bo, Ed on 4 beat one another in a ring (Ann-Bo, Bo-Ed, Ed-Ann): direct encounter
    # 1 each, and 4 wins each; Sonneborn-Berger (the points of those beaten):
    #   Ann = Bo 4 + Cy 3 + Di 2 + Gus 3 = 12;  Ed = Ann 4 + Cy 3 + Flo 1 + Gus 3 = 11;
    #   Bo = Cy 3 + Di 2 + Ed 4 + Flo 1 = 10.   So Ann, Ed, Bo.
    # Cy and Gus on 3: Cy beat Gus, so Cy is above Gus though Gus's Sonneborn-Berger is
    # higher (Gus = Bo 4 + Di 2 + Flo 1 = 7; Cy = Di 2 + Flo 1 + Gus 3 = 6).
    # Koya: the points against those with at least half the maximum (6 games: 3 points):
    #   Ann: Bo, Cy, Gus = 3; Ed: Ann, Cy, Gus = 3; Bo: Cy, Ed = 2; Cy: Gus = 1;
    #   Gus: Bo = 1; Di: Ed = 1; Flo: Ann = 1.
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    t = new_tournament("RR", names, "fifty")
    beaten = {
        "Ann": ["Bo", "Cy", "Di", "Gus"], "Bo": ["Cy", "Di", "Ed", "Flo"],
        "Cy": ["Di", "Flo", "Gus"], "Di": ["Ed", "Flo"], "Ed": ["Ann", "Cy", "Flo", "Gus"],
        "Flo": ["Ann"], "Gus": ["Bo", "Di", "Flo"],
    }  # fmt: skip
    for winner, losers in beaten.items():
        for loser in losers:
            t = _won(t, winner, loser)
    assert t.finished
    assert _rows(t) == [
        (1, "Ann", 4.0, 1.0, 4.0, 12.0, 3.0),
        (2, "Ed", 4.0, 1.0, 4.0, 11.0, 3.0),
        (3, "Bo", 4.0, 1.0, 4.0, 10.0, 2.0),
        (4, "Cy", 3.0, 1.0, 3.0, 6.0, 1.0),
        (5, "Gus", 3.0, 0.0, 3.0, 7.0, 1.0),
        (6, "Di", 2.0, 0.0, 2.0, 5.0, 1.0),
        (7, "Flo", 1.0, 0.0, 1.0, 4.0, 1.0),
    ]
    assert [name for name, _ in standings(t)[0].tiebreaks] == [
        "direct encounter", "wins", "Sonneborn-Berger", "Koya",
    ]  # fmt: skip


def test_eight_player_swiss_forfeit_absence_and_direct_encounter_not_all_met() -> None:
    # Round 1: A beat B, C beat D, E beat F, H beat G.
    # Round 2: A beat E, G beat C, F beat H; B absent once results were in: D wins by forfeit.
    # Round 3: H absent (left out, and comes no more); B has the bye;
    #          C beat A, D beat F, E beat G.
    # Points: A 2, C 2, D 2, E 2; B 1, F 1, G 1, H 1.
    # FIDE C.07 16: each round not played (the forfeit, won or lost, the bye, the absence)
    # counts a dummy opponent with the player's own points; an opponent's rounds left out
    # after their last round available to play count a draw each: H counts 1 + 1/2 = 1.5.
    # Buchholz: A = B 1 + E 2 + C 2 = 5;      C = D 2 + G 1 + A 2 = 5;
    #           D = C 2 + dummy 2 + F 1 = 5;  E = F 1 + A 2 + G 1 = 4;
    #           F = E 2 + H 1.5 + D 2 = 5.5;  G = H 1.5 + C 2 + E 2 = 5.5;
    #           B = A 2 + dummy 1 + dummy 1 = 4;  H = G 1 + F 1 + dummy 1 = 3.
    # A, C, D level on 2 and 5. Direct encounter (C.07 6): C beat D and A (2); A and D
    # never met (0 each, at most 1 had they met): C is first of them, and A and D stay
    # level (wins 2 each: D's forfeit win counts, C.07 7.1) and share the place.
    # F and G, level on 1 and 5.5, never met: they share the place.
    t = _swiss(
        "ABCDEFGH",
        Round(
            number=1,
            pairings=(
                _game("A", "B", "A"), _game("C", "D", "C"),
                _game("E", "F", "E"), _game("G", "H", "H"),
            ),
        ),
        Round(
            number=2,
            pairings=(
                _game("A", "E", "A"), _game("C", "G", "G"), _game("F", "H", "F"),
                _game("D", "B", "D", "forfeit"),
            ),
            absent=("B",),
        ),
        Round(
            number=3,
            pairings=(_game("A", "C", "C"), _game("D", "F", "D"), _game("E", "G", "E")),
            bye="B",
            absent=("H",),
        ),
    )  # fmt: skip
    assert _rows(t) == [
        (1, "C", 2.0, 5.0, 2.0, 2.0),
        (2, "A", 2.0, 5.0, 0.0, 2.0),
        (2, "D", 2.0, 5.0, 0.0, 2.0),
        (4, "E", 2.0, 4.0, 0.0, 2.0),
        (5, "F", 1.0, 5.5, 0.0, 1.0),
        (5, "G", 1.0, 5.5, 0.0, 1.0),
        (7, "B", 1.0, 4.0, 0.0, 1.0),
        (8, "H", 1.0, 3.0, 0.0, 1.0),
    ]
    by_name = {r.name: r for r in standings(t)}
    assert (by_name["D"].played, by_name["D"].won, by_name["B"].byes) == (2, 1, 1)


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
    # Not a game played: the forfeit's round counts the dummy opponent (own points, 1).
    assert by_name[second.p2].played == 0 and by_name[second.p2].value("Buchholz") == 1.0
    assert len(s.rounds) == 2  # round 1 is complete: round 2 is paired
