"""Round robin (FIDE Berger tables) and Swiss pairings, checked against the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.tournament import swiss
from rules.tournament.berger import berger_rounds
from rules.tournament.course import (
    enter_result,
    mark_absent,
    new_tournament,
    read_roster,
    split_pair,
)
from rules.tournament.model import Tournament, TournamentError

# FIDE Handbook C.05, Annex 1: the Berger tables for 5-6 and 7-8 players.
FIDE_6 = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
]
FIDE_8 = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
]


def _text(table: list[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in table)


@pytest.mark.parametrize("size, expected", [(6, FIDE_6), (8, FIDE_8)])
def test_berger_tables_are_fides(size: int, expected: list[str]) -> None:
    assert [_text(r) for r in berger_rounds(size)] == expected


def _names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("size", range(2, 13))
def test_round_robin_everyone_meets_everyone_once_byes_spread(size: int) -> None:
    t = new_tournament("Class", _names(size), "fifty")
    met = Counter(frozenset(p.names) for r in t.rounds for p in r.pairings)
    assert set(met.values()) == {1}
    assert len(met) == size * (size - 1) // 2
    byes = Counter(r.bye for r in t.rounds if r.bye is not None)
    assert sorted(byes) == (sorted(_names(size)) if size % 2 else [])
    assert set(byes.values()) <= {1}
    starts = Counter(p.p1 for r in t.rounds for p in r.pairings)
    games = Counter(n for r in t.rounds for p in r.pairings for n in p.names)
    for name in _names(size):
        assert abs(2 * starts[name] - games[name]) <= 1


def _play_swiss(size: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = new_tournament("Swiss", _names(size), "collect", format="swiss", rounds=rounds)
    while not t.finished:
        last = t.rounds[-1]
        for p in last.pairings:
            t = enter_result(t, last.number, p.p1, p.p2, rng.choice(p.names))
    return t


#: Every size from 9 to 40 runs in the soak set; the default run keeps a few.
SWISS_SIZES = [
    pytest.param(size, marks=() if size in (9, 16, 23, 40) else pytest.mark.soak)
    for size in range(9, 41)
]


@pytest.mark.parametrize("size", SWISS_SIZES)
def test_swiss_five_rounds_no_repeat_and_starts_balanced(size: int) -> None:
    t = _play_swiss(size, 5, seed=size)
    assert len(t.rounds) == 5
    _check_swiss(t, size)


def _check_swiss(t: Tournament, size: int) -> None:
    """Every pair once, everyone seated each round, one bye each, starts balanced."""
    pairs = [frozenset(p.names) for r in t.rounds for p in r.pairings]
    assert len(pairs) == len(set(pairs))
    for rnd in t.rounds:
        seated = [n for p in rnd.pairings for n in p.names] + ([rnd.bye] if rnd.bye else [])
        assert sorted(seated) == sorted(_names(size))
    assert set(Counter(r.bye for r in t.rounds if r.bye).values()) <= {1}
    balance = Counter[str]()
    for rnd in t.rounds:
        for p in rnd.pairings:
            balance[p.p1] += 1
            balance[p.p2] -= 1
    assert all(abs(v) <= 1 for v in balance.values())


def test_a_swiss_of_63_is_paired_where_the_bounded_search_gave_up() -> None:
    # Round 4 of this Swiss was refused ("cannot be paired without two players meeting
    # again"): the strict colour rule's attempts, one per bye, used up the round's bound
    # before the relaxed rule was tried, though a strict pairing exists.
    t = _play_swiss(63, 6, seed=1)
    assert len(t.rounds) == 6
    _check_swiss(t, 63)


@pytest.mark.parametrize(("size", "seed"), [(41, 44), (64, 3)])
def test_a_swiss_round_is_found_in_few_steps(
    size: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 37: round 2 of 41 players (seed 44) took three attempts of 50,000 steps each
    # before a pairing was found. Sets of players that cannot be paired are now cut at
    # once; a step is one player paired, so a round takes about half its players.
    steps: list[int] = []
    run = swiss._Search.run

    def counted(search: swiss._Search) -> list[tuple[str, str]] | None:
        found = run(search)
        steps.append(search.steps)
        return found

    monkeypatch.setattr(swiss._Search, "run", counted)
    t = _play_swiss(size, 5, seed=seed)
    _check_swiss(t, size)
    assert max(steps) <= size


def test_swiss_pairs_close_scores_first_top_half_against_bottom_half() -> None:
    t = new_tournament("S", _names(8), "collect", format="swiss", rounds=3)
    assert [p.names for p in t.rounds[0].pairings] == [
        ("P1", "P5"),
        ("P6", "P2"),
        ("P3", "P7"),
        ("P8", "P4"),
    ]
    for p in t.rounds[0].pairings:  # the higher placed of each pair wins
        t = enter_result(t, 1, p.p1, p.p2, min(p.names, key=lambda n: int(n[1:])))
    second = t.rounds[1]
    winners = {"P1", "P2", "P3", "P4"}
    for p in second.pairings:
        assert (set(p.names) <= winners) or not (set(p.names) & winners)


def test_round_robin_absent_player_is_postponed_then_played_later() -> None:
    t = new_tournament("RR", _names(4), "fifty")
    t = mark_absent(t, 1, "P1")
    first = t.rounds[0]
    assert [p.status for p in first.pairings] == ["postponed", "pending"]
    assert first.absent == ("P1",)
    t = enter_result(t, 1, "P4", "P1", "P4")
    assert t.rounds[0].pairings[0].status == "played"


def test_swiss_absent_player_has_no_pairing_and_no_points() -> None:
    t = new_tournament("S", _names(6), "collect", format="swiss", rounds=3)
    t = mark_absent(t, 1, "P2")
    first = t.rounds[0]
    assert all(not p.has("P2") for p in first.pairings)
    assert first.bye is not None and first.bye != "P2"
    p = first.pairings[0]
    t = enter_result(t, 1, p.p1, p.p2, p.p1)
    late = next(x for x in first.pairings[1:])
    t = mark_absent(t, 1, late.p2)
    assert t.round(1) is not None
    forfeited = t.rounds[0].pairings[1]
    assert forfeited.status == "forfeit" and forfeited.winner_name == late.p1


def test_results_can_be_corrected_and_are_checked() -> None:
    t = new_tournament("RR", ["Ann", "Bo", "Cy"], "fifty")
    p = t.rounds[0].pairings[0]
    t = enter_result(t, 1, p.p2, p.p1, p.p1)
    t = enter_result(t, 1, p.p1, p.p2, p.p2)
    assert t.rounds[0].pairings[0].winner_name == p.p2
    with pytest.raises(TournamentError, match="winner"):
        enter_result(t, 1, p.p1, p.p2, "Nobody")
    with pytest.raises(TournamentError, match="no round 9: the tournament has 3 rounds"):
        enter_result(t, 9, p.p1, p.p2, p.p1)
    s = new_tournament("S", ["Ann", "Bo", "Cy", "Di"], "fifty", format="swiss", rounds=3)
    with pytest.raises(TournamentError, match=r"no round 2 yet \(1 of 3 paired\)"):
        enter_result(s, 2, "Ann", "Bo", "Ann")


def test_roster_from_text_csv_or_commas_cleaned_duplicates_refused() -> None:
    assert read_roster("Ann, Bo ,Cy") == ["Ann", "Bo", "Cy"]
    assert read_roster("name,class\nAnn,5B\n\n# absent today\nBo \x1b[31m,5B\n") == ["Ann", "Bo"]
    with pytest.raises(TournamentError, match="twice"):
        read_roster("Ann\nann")
    with pytest.raises(TournamentError, match="at least two"):
        read_roster("Ann")
    long = "Maximiliana Konstantinopoulou Ab"  # 32 characters (RULINGS.md, names)
    assert read_roster(f"{long},Bo") == [long, "Bo"]
    with pytest.raises(TournamentError, match="at most 32 characters"):
        read_roster(f"{long}x,Bo")
    with pytest.raises(TournamentError, match="'-'"):
        read_roster("Ann-Marie,Bo")
    with pytest.raises(TournamentError) as refused:
        read_roster("Ann,\x1b[2J")
    # (said by its place: the name as typed holds a terminal code, never shown or quoted)
    assert str(refused.value) == (
        "player 2 on the roster: a name needs at least one printable character"
    )
    assert split_pair(" Ann - Bo ") == ("Ann", "Bo")
    with pytest.raises(TournamentError):
        split_pair("Ann")


def test_a_small_swiss_with_every_round_still_takes_every_result() -> None:
    # With players - 1 rounds, a small group can run out of pairings without a rematch:
    # the tournament then ends with the rounds played; no result is ever refused for it,
    # and an absence that leaves no pairing becomes a forfeit.
    ended_early = 0
    for seed in range(40):
        rng = random.Random(seed)
        size = 4 + seed % 5
        t = new_tournament("S", _names(size), "collect", format="swiss", rounds=size - 1)
        while not t.finished:
            number = t.rounds[-1].number
            if rng.random() < 0.2:
                absent = next(iter(t.rounds[-1].pairings)).p1
                t = mark_absent(t, number, absent)
            for p in t.rounds[-1].pairings:
                if p.status == "pending":
                    t = enter_result(t, number, p.p1, p.p2, rng.choice(p.names))
        pairs = [frozenset(p.names) for r in t.rounds for p in r.pairings if p.status != "forfeit"]
        assert len(pairs) == len(set(pairs))
        ended_early += t.rounds_planned < size - 1
    assert ended_early > 0
