"""Each finished game's judgement, stored once (the same file as app.store.stats).

The teacher's report needs each person's moves judged by the solver (accuracy and
mistakes, app.classroom.report.accuracy). Judging is slow (about 10 ms a game, up to a
second for a long countdown), so each finished game is judged once, when it is kept, and
the judgement is stored here by the game record's id with the day it ended: a report
over a term reads these rows, whatever finished games' files have been dropped since.

Their own schema version (`judged_version`, as the ratings' tables), so the games'
schema is untouched and a program from before reads the database as it did.

    judged_games     record id (unique), the game, when it ended (ISO), the judgement
                     (JSON text, written and read by app.classroom.report.judged)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from app.store.stats import StatsError, apply_migrations, connect, prepared, write_transaction

#: One migration per version, in order: never edit one that has shipped, add the next.
JUDGED_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE judged_games (
            record_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            ended TEXT NOT NULL,
            judged TEXT NOT NULL
        )""",
        "CREATE INDEX judged_games_by_end ON judged_games (ended)",
    ),
)


def migrate_judged(
    conn: sqlite3.Connection, migrations: Sequence[Sequence[str]] = JUDGED_MIGRATIONS
) -> int:
    """Add or update the judgements' table; the other tables are not touched."""
    what = "the judged games in the statistics database are"
    return apply_migrations(conn, "judged_version", migrations, what)


def open_judged(path: Path | str | None = None) -> sqlite3.Connection:
    """The statistics database with the judgements' table (created on first use)."""
    return prepared(connect(path), migrate_judged, "the judged games")


def store_judged(conn: sqlite3.Connection, rows: Sequence[tuple[str, str, str, str]]) -> None:
    """Store (record id, game, ended, judgement) rows; a game judged already keeps its
    first judgement (the same moves judge the same)."""
    try:
        with write_transaction(conn):
            conn.executemany(
                "INSERT OR IGNORE INTO judged_games (record_id, game, ended, judged) "
                "VALUES (?, ?, ?, ?)",
                rows,
            )
    except sqlite3.Error as error:
        raise StatsError(f"cannot store the judged games: {error}") from None


def read_judged(conn: sqlite3.Connection, since: str = "") -> list[tuple[str, str, str]]:
    """(record id, ended, judgement) of every game judged that ended on or after `since`
    (ISO, a prefix), the newest first; rows changed by hand (not text) are left out."""
    try:
        rows = conn.execute(
            "SELECT record_id, ended, judged FROM judged_games WHERE ended >= ? "
            "ORDER BY ended DESC, record_id",
            (since,),
        ).fetchall()
    except sqlite3.Error as error:
        raise StatsError(f"cannot read the judged games: {error}") from None
    return [
        (record_id, ended, judged)
        for record_id, ended, judged in rows
        if isinstance(record_id, str) and isinstance(ended, str) and isinstance(judged, str)
    ]


def judged_ids(conn: sqlite3.Connection) -> set[str]:
    """The record id of every game judged (of any date)."""
    try:
        return {row[0] for row in conn.execute("SELECT record_id FROM judged_games")}
    except sqlite3.Error as error:
        raise StatsError(f"cannot read the judged games: {error}") from None
