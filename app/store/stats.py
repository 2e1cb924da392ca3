"""Statistics: every finished game in a SQLite database in the data folder.

The database (`stats.sqlite3` beside the saves, see app.store.storage) is created on first
use. It runs in WAL mode with a busy timeout, so two app instances can write at once
without losing a result. A `schema_version` table holds the version; `MIGRATIONS` are
applied in order inside one write transaction, so two processes opening a new database
at once migrate it once. A database newer than this program is refused, not changed.

Recorded per game (the game record's facts): both players (name and human or computer
level), the game, the variant (its options as JSON), the match length, the winner and
why, the number of moves, the duration, the start and end. The record's id is unique,
so recording the same game twice counts it once. The statistics sit below the ratings:
this module never imports `app.store.ratings`; counting a game and moving the ratings it
changes, in one transaction, is `app.store.ratings.record_game`.

Queries, per player name and game: played, won, win rate, current streak; head to head
between two names; each person's results against each computer level.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from app.store.data_folder import data_dir, ensure_data_dir
from app.store.read_only_db import open_read_only
from app.store.stats_rows import GameRow, against_computer, head_to_head, player_stats, read_rows
from app.store.stats_rows import Summary as Summary
from rules.records import GameRecord
from rules.safe_files import kind_of

STATS_FILE = "stats.sqlite3"
#: Seconds a writer waits for another process's write to finish.
BUSY_TIMEOUT = 30.0

#: The schema, one migration per version, in order: never edit one that has shipped,
#: add the next (version = its position + 1).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            record_id TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            best_of INTEGER NOT NULL DEFAULT 1,
            p1_name TEXT NOT NULL,
            p1_kind TEXT NOT NULL,
            p2_name TEXT NOT NULL,
            p2_kind TEXT NOT NULL,
            winner INTEGER NOT NULL CHECK (winner IN (1, 2)),
            reason TEXT NOT NULL,
            moves INTEGER NOT NULL,
            duration REAL NOT NULL,
            started TEXT NOT NULL,
            ended TEXT NOT NULL
        )""",
        "CREATE INDEX games_by_p1 ON games (p1_name, game)",
        "CREATE INDEX games_by_p2 ON games (p2_name, game)",
    ),
)


class StatsError(Exception):
    """The statistics cannot be read or written (the message says why)."""


@contextmanager
def failing_as(doing: str) -> Iterator[None]:
    """A database error inside is a StatsError: `cannot {doing}: {the error}`."""
    try:
        yield
    except sqlite3.Error as error:
        raise StatsError(f"cannot {doing}: {error}") from None


def stats_path() -> Path:
    return data_dir() / STATS_FILE


Stamp = tuple[tuple[int, int, int] | None, ...]


def files_stamp(*places: Path) -> Stamp:
    """Each place's inode, size and time of change (None: not there): what a read made
    ahead checks before it is used (the statistics database with its write-ahead log
    first); the same stamp, the same files."""
    path = stats_path()
    found: list[tuple[int, int, int] | None] = []
    for place in (path, path.with_name(f"{path.name}-wal"), *places):
        try:
            status = place.stat()
        except OSError:
            found.append(None)
        else:
            found.append((status.st_ino, status.st_size, status.st_mtime_ns))
    return tuple(found)


def connect(
    path: Path | str | None = None,
    migrations: Sequence[Sequence[str]] = MIGRATIONS,
) -> sqlite3.Connection:
    """Open (creating and migrating on first use) the statistics database.

    The connection is in autocommit mode; writes here use explicit transactions.
    Raises StatsError for a database that is newer than this program or unusable.
    """
    if path is None:
        ensure_data_dir()
        path = stats_path()
    _refuse_what_is_not_a_file(Path(path))
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    except sqlite3.Error as error:
        raise StatsError(f"cannot open the statistics in {path}: {error}") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        _switch_to_wal(conn)
        conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn, migrations)
    except sqlite3.Error as error:
        conn.close()
        try:  # a folder that cannot be written: read as it is (app.store.read_only_db)
            return open_read_only(Path(path), error, lambda ro: migrate(ro, migrations))
        except sqlite3.Error as failed:
            raise StatsError(f"cannot use the statistics in {path}: {failed}") from None
    except StatsError:
        conn.close()
        raise
    return conn


def _refuse_what_is_not_a_file(path: Path) -> None:
    """A folder, a pipe or a device where the database belongs is refused in words
    before SQLite opens it (a missing file is created)."""
    try:
        kind = kind_of(path.stat().st_mode)
    except FileNotFoundError:
        return
    except OSError as error:
        raise StatsError(f"cannot open the statistics in {path}: {error.strerror}") from None
    if kind is not None:
        raise StatsError(f"cannot use the statistics in {path}: {kind}, not a database")


def _switch_to_wal(conn: sqlite3.Connection) -> None:
    """Put the database in WAL mode. Switching needs the database to itself for a moment
    and SQLite may answer "locked" at once, without waiting, while another process is
    switching or creating it: so try again until the busy timeout has passed."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def table_version(conn: sqlite3.Connection, table: str) -> int:
    """The version recorded in `table` (`schema_version`, `ratings_version`); 0 before any.

    Rows changed by hand (text, a fraction, a number below 1) are left out; a table
    that has rows but none of them a version is refused (StatsError), so the migrations
    never run again over tables that are there."""
    found = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    if found is None:
        return 0
    values = [row[0] for row in conn.execute(f"SELECT version FROM {table} LIMIT 1000")]
    versions = [v for v in values if isinstance(v, int) and not isinstance(v, bool) and v >= 1]
    if values and not versions:
        raise StatsError(f"the statistics' {table} is unreadable (changed by hand)")
    return max(versions, default=0)


def schema_version(conn: sqlite3.Connection) -> int:
    return table_version(conn, "schema_version")


def apply_migrations(
    conn: sqlite3.Connection, table: str, migrations: Sequence[Sequence[str]], what: str
) -> int:
    """Bring the tables versioned in `table` up to date, in order, in one write
    transaction (the caller's, if one is open); the new version. `what` names them in the
    refusal of a newer database ("the statistics database is")."""
    latest = len(migrations)
    if table_version(conn, table) == latest:  # the usual case: no write lock needed
        return latest
    own_transaction = not conn.in_transaction
    if own_transaction:
        conn.execute("BEGIN IMMEDIATE")  # one process migrates; the other waits, then sees it
    try:
        conn.execute(f"CREATE TABLE IF NOT EXISTS {table} (version INTEGER NOT NULL)")
        current = table_version(conn, table)
        if current > latest:
            raise StatsError(
                f"{what} version {current}, newer than this program understands "
                f"({latest}); update Equation Duel"
            )
        for version in range(current + 1, latest + 1):
            for statement in migrations[version - 1]:
                conn.execute(statement)
            conn.execute(f"DELETE FROM {table}")
            conn.execute(f"INSERT INTO {table} (version) VALUES (?)", (version,))
        if own_transaction:
            conn.execute("COMMIT")
    except BaseException:
        if own_transaction:
            conn.execute("ROLLBACK")
        raise
    return latest


def migrate(conn: sqlite3.Connection, migrations: Sequence[Sequence[str]] = MIGRATIONS) -> int:
    """Bring the games' schema up to date; the new version."""
    return apply_migrations(conn, "schema_version", migrations, "the statistics database is")


@dataclass(frozen=True)
class Part:
    """One part of the statistics database: its own tables, versioned in their own table
    (`ratings_version`), created on first use and brought up to date by `migrations`
    (one per version, in order: never edit one that has shipped, add the next), the
    games' tables untouched. `what` names the part when it cannot be used ("the ratings");
    `newer` in the refusal of a newer file (by default "the ratings in the statistics
    database are"). A part that `needs` another is opened with it."""

    version_table: str
    migrations: tuple[tuple[str, ...], ...]
    what: str
    newer: str = ""
    needs: Part | None = None

    def migrate(self, conn: sqlite3.Connection) -> int:
        """Add or update this part's tables; the new version."""
        newer = self.newer or f"{self.what} in the statistics database are"
        return apply_migrations(conn, self.version_table, self.migrations, newer)

    def open(self, path: Path | str | None = None) -> sqlite3.Connection:
        """The statistics database with this part's tables (created on first use); a
        StatsError naming the part (the connection closed) when they cannot be made."""
        conn = connect(path) if self.needs is None else self.needs.open(path)
        try:
            self.migrate(conn)
        except sqlite3.Error as error:
            conn.close()
            raise StatsError(f"cannot use {self.what}: {error}") from None
        except StatsError:
            conn.close()
            raise
        return conn


# Writing.


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction (BEGIN IMMEDIATE: the write lock is taken before anything is
    read, so a read-modify-write by another process waits instead of being lost),
    committed at the end or rolled back on any error. Inside the caller's transaction,
    when one is open, nothing more is begun."""
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def insert_game(conn: sqlite3.Connection, record: GameRecord) -> bool:
    """Add a finished game's row; False when this game (its record id) was there already.

    Only the `games` table: counting a game and moving its players' ratings, in one
    transaction, is `app.store.ratings.record_game`. ValueError for an unfinished record,
    sqlite3.Error when the database fails."""
    if record.result is None:
        raise ValueError("only a finished game is counted in the statistics")
    ended = record.ended or record.started
    row = (
        record.id,
        record.game,
        json.dumps(record.options, sort_keys=True, separators=(",", ":")),
        record.best_of,
        record.players[0].name,
        record.players[0].kind,
        record.players[1].name,
        record.players[1].kind,
        record.result.winner,
        record.result.reason,
        len(record.moves),
        record.duration,
        record.started.isoformat(),
        ended.isoformat(),
    )
    cursor = conn.execute(
        "INSERT OR IGNORE INTO games (record_id, game, variant, best_of, p1_name, "
        "p1_kind, p2_name, p2_kind, winner, reason, moves, duration, started, ended) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        row,
    )
    return cursor.rowcount == 1


# Reading.


def read_game_rows(path: Path | str) -> tuple[list[GameRow], int]:
    """Every readable game row of the database at `path`, and how many were not."""
    with closing(connect(path)) as conn, failing_as("read the statistics"):
        return read_rows(conn)


def summary(path: Path | str | None = None) -> Summary:
    """The statistics; empty (and nothing created) when no game has been counted yet."""
    path = stats_path() if path is None else Path(path)
    if not path.exists():
        return Summary(0, (), (), ())
    rows, unreadable = read_game_rows(path)
    return Summary(
        len(rows),
        tuple(player_stats(rows)),
        tuple(head_to_head(rows)),
        tuple(against_computer(rows)),
        computers=tuple(
            sorted({r.names[i] for r in rows for i in (0, 1) if r.kinds[i] != "human"})
        ),
        unreadable=unreadable,
    )
