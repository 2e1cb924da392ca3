"""Each finished game's judgement, stored once (the same file as app.store.stats).

The teacher's report needs each person's moves judged by the solver (accuracy and
mistakes, app.classroom.report.accuracy). Judging is slow (about 10 ms a game, up to a
second for a long countdown), so each finished game is judged once, when it is kept, and
the judgement is stored here by the game record's id with the day it ended: a report
over a term reads these rows, whatever finished games' files have been dropped since.

The saved games' list shows each finished game's ending in words, which takes replaying
its moves (a collect game's declarations load sympy: 0.2-1 s the first time); the replay's
verdict on each record (its ending in words, or why it cannot be replayed) is stored too,
by a digest of the record, when the game is judged or first listed: the list replays
only a record it has not seen.

Their own schema version (`judged_version`, as the ratings' tables), so the games'
schema is untouched and a program from before reads the database as it did.

    judged_games     record id (unique), the game, when it ended (ISO), the judgement
                     (JSON text, written and read by app.classroom.report.judged)
    checked_records  a record's digest (`record_digest`), whether it replays, and its
                     ending in words (empty: unfinished) or why it does not replay
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence

from app.store.stats import Part, failing_as, write_transaction
from rules.match import match_outcome
from rules.names import strip_controls
from rules.record_check import match_of
from rules.records import GameRecord, RecordError
from rules.words.outcome import reason_text

#: A record's verdict: (it replays, its ending in words or why it does not replay).
Verdict = tuple[bool, str]

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
        """CREATE TABLE checked_records (
            digest TEXT PRIMARY KEY,
            replays INTEGER NOT NULL CHECK (replays IN (0, 1)),
            words TEXT NOT NULL
        )""",
    ),
)


JUDGED = Part("judged_version", JUDGED_MIGRATIONS, "the judged games")
open_judged = JUDGED.open


def store_judged(conn: sqlite3.Connection, rows: Sequence[tuple[str, str, str, str]]) -> None:
    """Store (record id, game, ended, judgement) rows; a game judged already keeps its
    first judgement (the same moves judge the same)."""
    with failing_as("store the judged games"), write_transaction(conn):
        conn.executemany(
            "INSERT OR IGNORE INTO judged_games (record_id, game, ended, judged) "
            "VALUES (?, ?, ?, ?)",
            rows,
        )


def read_judged(conn: sqlite3.Connection, since: str = "") -> list[tuple[str, str, str]]:
    """(record id, ended, judgement) of every game judged that ended on or after `since`
    (ISO, a prefix), the newest first; rows changed by hand (not text) are left out."""
    with failing_as("read the judged games"):
        rows = conn.execute(
            "SELECT record_id, ended, judged FROM judged_games WHERE ended >= ? "
            "ORDER BY ended DESC, record_id",
            (since,),
        ).fetchall()
    return [
        (record_id, ended, judged)
        for record_id, ended, judged in rows
        if isinstance(record_id, str) and isinstance(ended, str) and isinstance(judged, str)
    ]


def judged_ids(conn: sqlite3.Connection) -> set[str]:
    """The record id of every game judged (of any date)."""
    with failing_as("read the judged games"):
        return {row[0] for row in conn.execute("SELECT record_id FROM judged_games")}


def record_digest(record: GameRecord) -> str:
    """A digest of everything in the record (what its replay depends on)."""
    return hashlib.sha256(record.model_dump_json().encode()).hexdigest()[:32]


def verdict_of(record: GameRecord) -> Verdict:
    """Replay the record: (True, its ending in words; empty when unfinished) or (False, why
    it cannot be replayed), as `app.store.storage.load_record` words it."""

    try:
        match = match_of(record)
        outcome = match_outcome(match) if record.result is not None else None
    except RecordError as error:
        return False, strip_controls(str(error))
    except Exception as error:  # (as `rules.record_json.from_json` words it)
        return False, strip_controls(f"not a game record ({type(error).__name__}: {error})")
    return True, "" if outcome is None else reason_text(outcome, record.names)


def read_checked(conn: sqlite3.Connection) -> dict[str, Verdict]:
    """Every verdict stored, by digest; rows changed by hand are left out."""
    with failing_as("read the checked records"):
        rows = conn.execute("SELECT digest, replays, words FROM checked_records").fetchall()
    return {
        digest: (replays == 1, strip_controls(words))
        for digest, replays, words in rows
        if isinstance(digest, str) and replays in (0, 1) and isinstance(words, str)
    }


def store_checked(conn: sqlite3.Connection, rows: Sequence[tuple[str, bool, str]]) -> None:
    """Store (digest, replays, words) verdicts."""
    with failing_as("store the checked records"), write_transaction(conn):
        conn.executemany(
            "INSERT OR IGNORE INTO checked_records (digest, replays, words) VALUES (?, ?, ?)",
            [(digest, int(replays), words) for digest, replays, words in rows],
        )
