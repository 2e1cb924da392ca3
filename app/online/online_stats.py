"""Statistics of online games: which seat was played from another machine.

Each side counts a finished online game once, as any game (the session's keeper, then
`app.store.ratings.record_game`: the ratings move as between two named players). This part
adds its own table to the statistics database (a `stats.Part`, as the
ratings' tables), `online_games`: per counted game (its record id), the seat the other
player played over the connection. The statistics read it (`app.store.stats_rows.read_rows`)
and say that player's name with "(online)". An older database opens as it was: the
table is created on the first online game.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.store.stats import Part, StatsError, write_transaction
from rules.base import PlayerNo

#: The table's schema, one migration per version, in order (never edit a shipped one).
ONLINE_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE online_games (
            record_id TEXT PRIMARY KEY,
            seat INTEGER NOT NULL CHECK (seat IN (1, 2))
        )""",
    ),
)


ONLINE = Part(
    "online_version",
    ONLINE_MIGRATIONS,
    "the online games' table",
    newer="the online games in the statistics database are",
)
migrate_online = ONLINE.migrate


def mark_online(record_id: str, seat: PlayerNo, path: Path | str | None = None) -> str | None:
    """Mark the counted game `record_id`: `seat` was played from another machine. None
    when done, else why not, in words (the game stays counted, as a local one)."""
    try:
        conn = ONLINE.open(path)
    except StatsError as error:
        return f"The game could not be marked as online: {error}"
    try:
        with write_transaction(conn):
            conn.execute(
                "INSERT OR REPLACE INTO online_games (record_id, seat) VALUES (?, ?)",
                (record_id, seat),
            )
    except sqlite3.Error as error:
        return f"The game could not be marked as online: {error}"
    finally:
        conn.close()
    return None
