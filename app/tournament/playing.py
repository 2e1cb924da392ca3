"""A tournament's pairing played on this machine, hot-seat, with both names filled in.

The match is an ordinary one (full screen or line by line): the match session counts
it in the statistics and the ratings (`app.ratings.record_game`) as any game between
named players. Afterwards the newest game between the two names counted since the
match began is the pairing's result.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from app.stats import StatsError, connect
from app.tournament import store
from rules.registry import get_game
from rules.tournament import Tournament, TournamentError, enter_result
from rules.tournament.course import find_pairing


def _last_game_id() -> int:
    conn = connect()
    try:
        row = conn.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()
        return int(row[0])
    finally:
        conn.close()


def result_since(after: int, p1: str, p2: str, game: str) -> tuple[str, int] | None:
    """(record id, winner 1 or 2) of the newest game of `p1` against `p2` counted after
    the games row `after`; None when there is none (the match was left unfinished)."""
    conn = connect()
    try:
        row = conn.execute(
            "SELECT record_id, winner FROM games WHERE id > ? AND game = ? AND p1_name = ? "
            "AND p2_name = ? ORDER BY id DESC LIMIT 1",
            (after, game, p1, p2),
        ).fetchone()
    except sqlite3.Error as error:
        raise StatsError(f"cannot read the statistics: {error}") from None
    finally:
        conn.close()
    return None if row is None else (str(row[0]), int(row[1]))


def pairing_to_play(tournament: Tournament, number: int, a: str, b: str) -> tuple[str, str]:
    rnd = tournament.round(number)
    if rnd is None:
        raise TournamentError(f"round {number} is not paired yet")
    pairing = rnd.pairings[find_pairing(rnd, a, b)]
    if pairing.status in ("played", "forfeit"):
        raise TournamentError(
            f"{pairing.p1} - {pairing.p2} has a result already; correct it with `tournament result`"
        )
    return pairing.p1, pairing.p2


def record_played(name: str, number: int, p1: str, p2: str, after: int) -> str | None:
    """Enter the result of the match just played, if it finished; the words to say."""
    tournament = store.read(name)
    found = result_since(after, p1, p2, tournament.game)
    if found is None:
        return None
    record_id, winner = found
    winner_name = (p1, p2)[winner - 1]
    store.change(name, lambda t: enter_result(t, number, p1, p2, winner_name, record_id))
    return f"Round {number}: {p1} - {p2}, {winner_name} won. The result is in the tournament."


def play_pairing(name: str, number: int, a: str, b: str, *, plain: bool) -> int:
    tournament = store.read(name)
    p1, p2 = pairing_to_play(tournament, number, a, b)
    game = get_game(tournament.game)
    options = game.Options.model_validate(tournament.options)
    best_of = tournament.best_of if tournament.best_of > 1 else None
    after = _last_game_id()
    if plain:
        from app.records_cli import play_plain_with_records

        args = argparse.Namespace(save=None, load=None, best_of=best_of, turn_seconds=None)
        code = play_plain_with_records(game, options, [], (p1, p2), {}, args)
    else:
        from app.tui.app import EquationDuelApp, run_app

        code = run_app(
            EquationDuelApp(
                game_id=game.id,
                options=options.model_dump(),
                names=(p1, p2),
                best_of=best_of,
            )
        )
    said = record_played(name, number, p1, p2, after)
    if said is None:
        print("The match was not finished: no result entered.", file=sys.stderr)
    else:
        print(said)
    return code
