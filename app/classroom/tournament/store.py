"""The tournaments' tables in the statistics database, with their own schema version
(`tournament_version`): an older database gains them on first use.

A change is read, made and written back in one write transaction (`change`), so two
apps at once never lose one another's step. Rows changed by hand so that they no
longer make a tournament are refused in words (StatsError), never shown raw.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from app.store.stats import (
    Part,
    StatsError,
    failing_as,
    stats_path,
    write_transaction,
)
from rules.names import strip_controls
from rules.tournament.model import Tournament, TournamentError
from rules.validation import sentence

TOURNAMENT_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            game TEXT NOT NULL,
            rotation TEXT NOT NULL,
            options TEXT NOT NULL,
            format TEXT NOT NULL,
            rounds_planned INTEGER NOT NULL,
            best_of INTEGER NOT NULL,
            created TEXT NOT NULL
        )""",
        """CREATE TABLE tournament_players (
            tournament INTEGER NOT NULL REFERENCES tournaments (id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (tournament, seat)
        )""",
        """CREATE TABLE tournament_rounds (
            tournament INTEGER NOT NULL REFERENCES tournaments (id),
            number INTEGER NOT NULL,
            bye TEXT,
            absent TEXT NOT NULL,
            PRIMARY KEY (tournament, number)
        )""",
        """CREATE TABLE tournament_pairings (
            tournament INTEGER NOT NULL REFERENCES tournaments (id),
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            p1 TEXT NOT NULL,
            p2 TEXT NOT NULL,
            status TEXT NOT NULL,
            winner INTEGER,
            record_id TEXT,
            play_from INTEGER,
            PRIMARY KEY (tournament, round, board)
        )""",
    ),
)


TOURNAMENTS = Part("tournament_version", TOURNAMENT_MIGRATIONS, "the tournaments")
open_tournaments = TOURNAMENTS.open


#: A tournament's columns and a pairing's, as their fields are named.
TOURNAMENT_FIELDS = ("name", "game", "options", "format", "rounds_planned", "best_of", "rotation")
PAIRING_FIELDS = ("p1", "p2", "status", "winner", "record_id", "play_from")


def names(conn: sqlite3.Connection) -> list[str]:
    """Every tournament's name, oldest first."""
    rows = conn.execute("SELECT name FROM tournaments ORDER BY id").fetchall()
    return [strip_controls(str(row[0])) for row in rows]


def load(conn: sqlite3.Connection, name: str) -> Tournament:
    """The tournament called `name` (ignoring case); TournamentError when there is none,
    StatsError when its rows do not make a tournament."""
    row = conn.execute(
        f"SELECT id, {', '.join(TOURNAMENT_FIELDS)} FROM tournaments WHERE name = ?", (name,)
    ).fetchone()
    if row is None:
        raise TournamentError(f"there is no tournament called {strip_controls(name)[:64]!r}")
    key, *columns = row
    players = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM tournament_players WHERE tournament = ? ORDER BY seat", (key,)
        )
    ]
    pairings: dict[int, list[dict[str, object]]] = {}
    for number, *values in conn.execute(
        f"SELECT round, {', '.join(PAIRING_FIELDS)} FROM tournament_pairings "
        "WHERE tournament = ? ORDER BY round, board",
        (key,),
    ):
        pairings.setdefault(number, []).append(dict(zip(PAIRING_FIELDS, values, strict=True)))
    try:
        rounds = [
            {
                "number": number,
                "bye": bye,
                "absent": json.loads(absent),
                "pairings": pairings.get(number, []),
            }
            for number, bye, absent in conn.execute(
                "SELECT number, bye, absent FROM tournament_rounds WHERE tournament = ? "
                "ORDER BY number",
                (key,),
            )
        ]
        fields = dict(zip(TOURNAMENT_FIELDS, columns, strict=True))
        fields.update(
            options=json.loads(fields["options"]), rotation=json.loads(fields["rotation"])
        )
        return Tournament.model_validate({**fields, "players": players, "rounds": rounds})
    except (ValidationError, ValueError, TypeError) as error:
        why = sentence(error.errors()[0]) if isinstance(error, ValidationError) else ""
        raise StatsError(
            f"the tournament {strip_controls(str(row[1]))[:64]!r} in the statistics "
            "database is unreadable (changed by hand)"
            + (f": {strip_controls(why)[:200]}" if why else "")
        ) from None


def save(conn: sqlite3.Connection, tournament: Tournament, *, new: bool = False) -> None:
    """Write the tournament (inside the caller's transaction, or one of its own).
    With `new`, a tournament of that name already there is refused."""
    with write_transaction(conn):
        row = conn.execute(
            "SELECT id FROM tournaments WHERE name = ?", (tournament.name,)
        ).fetchone()
        if row is not None and new:
            raise TournamentError(f"there is a tournament called {tournament.name} already")
        if row is None:
            fields = {f: getattr(tournament, f) for f in TOURNAMENT_FIELDS}
            fields["options"] = json.dumps(tournament.options, sort_keys=True)
            fields["rotation"] = json.dumps(list(tournament.rotation))
            cursor = conn.execute(
                f"INSERT INTO tournaments ({', '.join(TOURNAMENT_FIELDS)}, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*fields.values(), datetime.now(UTC).replace(microsecond=0).isoformat()),
            )
            key = cursor.lastrowid
            conn.executemany(
                "INSERT INTO tournament_players (tournament, seat, name) VALUES (?, ?, ?)",
                [(key, seat, name) for seat, name in enumerate(tournament.players, 1)],
            )
        else:
            key = row[0]
        conn.execute("DELETE FROM tournament_rounds WHERE tournament = ?", (key,))
        conn.execute("DELETE FROM tournament_pairings WHERE tournament = ?", (key,))
        for rnd in tournament.rounds:
            conn.execute(
                "INSERT INTO tournament_rounds (tournament, number, bye, absent) "
                "VALUES (?, ?, ?, ?)",
                (key, rnd.number, rnd.bye, json.dumps(list(rnd.absent))),
            )
            conn.executemany(
                f"INSERT INTO tournament_pairings (tournament, round, board, "
                f"{', '.join(PAIRING_FIELDS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (key, rnd.number, board, *(getattr(p, f) for f in PAIRING_FIELDS))
                    for board, p in enumerate(rnd.pairings, 1)
                ],
            )


@contextmanager
def _tournaments(path: Path | str | None, doing: str) -> Iterator[sqlite3.Connection]:
    """The database with the tournaments' tables, closed after; a database error is a
    StatsError saying what could not be `doing`."""
    with closing(open_tournaments(path)) as conn, failing_as(doing):
        yield conn


def change(
    name: str,
    step: Callable[[Tournament], Tournament],
    path: Path | str | None = None,
) -> Tournament:
    """Read the tournament, apply `step`, write it back: one write transaction."""
    with _tournaments(path, "change the tournament") as conn, write_transaction(conn):
        changed = step(load(conn, name))
        save(conn, changed)
    return changed


def create(tournament: Tournament, path: Path | str | None = None) -> None:
    with _tournaments(path, "keep the tournament") as conn:
        save(conn, tournament, new=True)


def read(name: str, path: Path | str | None = None) -> Tournament:
    with _tournaments(path, "read the tournament") as conn:
        return load(conn, name)


def all_names(path: Path | str | None = None) -> Sequence[str]:
    if path is None and not stats_path().exists():
        return []
    with _tournaments(path, "list the tournaments") as conn:
        return names(conn)
