"""The ratings' tables in the statistics database (the same file as app.store.stats).

Their own schema version (`ratings_version`), so the games' schema (app.store.stats'
`schema_version`) is untouched: a database from before ratings keeps every game and gains
the tables on first use, in one write transaction (two processes migrate it once).

    ratings          every rating change, in order: its history (player, board, mu, sigma,
                     the opponent, won, the game record or puzzle id, when)
    puzzle_results   every puzzle tried (player, puzzle, game, difficulty, solved, rated,
                     the daily puzzle's date or null, when)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from app.store.stats import apply_migrations, connect, prepared, table_version

#: One migration per version, in order: never edit one that has shipped, add the next.
RATINGS_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE ratings (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            board TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            opponent TEXT NOT NULL,
            won INTEGER NOT NULL CHECK (won IN (0, 1)),
            source TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX ratings_by_player ON ratings (player, board, id)",
        """CREATE TABLE puzzle_results (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            puzzle_id TEXT NOT NULL,
            game TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
            rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
            daily TEXT,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX puzzle_results_by_player ON puzzle_results (player, id)",
    ),
)


def ratings_version(conn: sqlite3.Connection) -> int:
    return table_version(conn, "ratings_version")


def migrate_ratings(
    conn: sqlite3.Connection, migrations: Sequence[Sequence[str]] = RATINGS_MIGRATIONS
) -> int:
    """Add or update the ratings' tables; the games' tables are not touched."""
    what = "the ratings in the statistics database are"
    return apply_migrations(conn, "ratings_version", migrations, what)


def open_ratings(path: Path | str | None = None) -> sqlite3.Connection:
    """The statistics database with the ratings' tables (created on first use)."""
    return prepared(connect(path), migrate_ratings, "the ratings")


def now_text() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


#: Names that stand for nobody in particular: not rated.
UNNAMED = frozenset({"Player 1", "Player 2", ""})


def is_named(name: str) -> bool:
    return name.strip() not in UNNAMED
