"""The ratings' tables in the statistics database, with their own schema version
(`ratings_version`): `ratings` (every rating change, its history) and `puzzle_results`
(every puzzle tried). An older database gains them on first use.
"""

from __future__ import annotations

from datetime import UTC, datetime

from app.store.stats import Part

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


RATINGS = Part("ratings_version", RATINGS_MIGRATIONS, "the ratings")
migrate_ratings = RATINGS.migrate
open_ratings = RATINGS.open


def now_text() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


#: Names that stand for nobody in particular: not rated.
UNNAMED = frozenset({"Player 1", "Player 2", ""})


def is_named(name: str) -> bool:
    return name.strip() not in UNNAMED
