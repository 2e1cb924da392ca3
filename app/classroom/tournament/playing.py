"""A tournament's pairing played on this machine: an ordinary match, counted in the
statistics. When it starts, the pairing notes the statistics' last game row
(`play_from`); the first game between its two players, in its seats, counted after that
row is its result (`collect_results`, run after the match and whenever the tournament is
opened again, so a result is not lost when the screen was left another way).
"""

from __future__ import annotations

from contextlib import closing

from app.classroom.tournament import store
from app.store.stats import connect, failing_as
from rules.tournament.course import enter_result, find_pairing
from rules.tournament.model import Tournament, TournamentError


def _query(sql: str, *values: object) -> tuple[object, ...] | None:
    """The statistics' first row for `sql` (StatsError when they cannot be read)."""
    with closing(connect()) as conn, failing_as("read the statistics"):
        row: tuple[object, ...] | None = conn.execute(sql, values).fetchone()
        return row


def last_game_row() -> int:
    """The statistics' last game row (0 for none)."""
    row = _query("SELECT COALESCE(MAX(id), 0) FROM games")
    assert row is not None
    return int(str(row[0]))


def result_since(after: int, p1: str, p2: str, game: str) -> tuple[str, int] | None:
    """(record id, winner 1 or 2) of the first game of `p1` against `p2` counted after
    the games row `after`; None when there is none (the match was left unfinished)."""
    row = _query(
        "SELECT record_id, winner FROM games WHERE id > ? AND game = ? "
        "AND p1_name = ? AND p2_name = ? ORDER BY id LIMIT 1",
        *(after, game, p1, p2),
    )
    if row is None or row[1] not in (1, 2):
        return None
    return str(row[0]), 1 if row[1] == 1 else 2


def start_pairing(name: str, number: int, a: str, b: str) -> tuple[Tournament, str, str]:
    """Note that the pairing starts now; the tournament and the two seats (p1 starts)."""
    after = last_game_row()
    seats: list[str] = []

    def mark(t: Tournament) -> Tournament:
        rnd = t.round(number)
        if rnd is None:
            raise TournamentError(f"round {number} is not paired yet")
        index = find_pairing(rnd, a, b)
        pairing = rnd.pairings[index]
        if pairing.status in ("played", "forfeit"):
            raise TournamentError(
                f"{pairing.p1} - {pairing.p2} has a result already; correct it with "
                "`tournament result`"
            )
        seats[:] = [pairing.p1, pairing.p2]
        pairings = list(rnd.pairings)
        pairings[index] = pairing.model_copy(update={"play_from": after})
        changed = rnd.model_copy(update={"pairings": tuple(pairings)})
        rounds = tuple(changed if r.number == number else r for r in t.rounds)
        return t.model_copy(update={"rounds": rounds})

    tournament = store.change(name, mark)
    return tournament, seats[0], seats[1]


def collect_results(name: str) -> list[str]:
    """Enter the result of every pairing started here whose match has been counted
    since; what was entered, in words."""
    return collected(name)[1]


def collected(name: str) -> tuple[Tournament, list[str]]:
    """`collect_results`, and the tournament after it (read once when nothing was)."""
    tournament = store.read(name)
    found: list[tuple[int, str, str, str, str]] = []
    for rnd in tournament.rounds:
        for p in rnd.pairings:
            if p.play_from is None or p.status in ("played", "forfeit"):
                continue
            game = tournament.game_of(rnd.number)
            result = result_since(p.play_from, p.p1, p.p2, game)
            if result is not None:
                record_id, winner = result
                found.append((rnd.number, p.p1, p.p2, p.names[winner - 1], record_id))
    if not found:
        return tournament, []

    def enter_all(t: Tournament) -> Tournament:
        for number, p1, p2, winner, record_id in found:
            t = enter_result(t, number, p1, p2, winner, record_id)
        return t

    tournament = store.change(name, enter_all)
    return tournament, [f"Round {n}: {p1} - {p2}, {w} won." for n, p1, p2, w, _ in found]
