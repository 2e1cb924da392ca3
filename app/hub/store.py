"""The hub's records: the class code, the roster with the students' tokens (hashed), the
games with their records and results. SQLite in the data folder (`hub.sqlite3`) by
default, through this narrow interface only (`HubStore`), so that a PostgreSQL store can
stand behind the same methods later.

A name is keyed by its folded form (`Ann` and `ann` are one student). A roster entry
without a token is a name the teacher admitted ahead (`admit NAME`, `--roster`): the
first student to join with it gets its token; a name with a token is refused to anyone
without it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from app.hub.codes import new_class_code, token_fits
from app.store.data_folder import ensure_data_dir
from rules.safe_files import kind_of

FILE_NAME = "hub.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
    player1 TEXT NOT NULL, player2 TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT '', record TEXT NOT NULL DEFAULT ''
);
"""


class StoreProblem(ValueError):
    """The database cannot be used: the text says why, in words."""


@dataclass(frozen=True)
class Student:
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class GameRow:
    id: int
    game_id: str
    names: tuple[str, str]
    #: How it ended, in words ("" while it goes on, or when it stopped before its end).
    result: str


def key_of(name: str) -> str:
    return name.casefold()


class HubStore:
    """The hub's records in one SQLite file (see the module's docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            kind = kind_of(path.stat().st_mode)
        except OSError:
            kind = None  # (a missing file is created; another problem is SQLite's to say)
        if kind is not None:  # (a pipe would hang, a device is no database)
            raise StoreProblem(f"cannot use {path}: {kind}, not a database")
        try:
            self._db = sqlite3.connect(path, timeout=5.0, isolation_level=None)
            self._db.executescript(_SCHEMA)
            # (a move kept must not wait for the disk: WAL, synced at checkpoints; a
            # power cut may lose the last moves, never the file)
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as error:
            raise StoreProblem(f"cannot open the database {path}: {error}") from None

    def close(self) -> None:
        self._db.close()

    def _execute(self, sql: str, parameters: tuple[object, ...] = ()) -> sqlite3.Cursor:
        """Run `sql`; StoreProblem in words when the database fails (a full disk, a
        locked or damaged file)."""
        try:
            return self._db.execute(sql, parameters)
        except sqlite3.Error as error:
            raise StoreProblem(f"the class's database {self.path} failed: {error}") from None

    def class_code(self) -> str:
        """The class's code (made on the first start, the same ever after)."""
        row = self._execute("SELECT value FROM meta WHERE key = 'class_code'").fetchone()
        if row is not None:
            return str(row[0])
        code = new_class_code()
        self._execute("INSERT INTO meta (key, value) VALUES ('class_code', ?)", (code,))
        return code

    # The roster

    def student(self, name: str) -> Student | None:
        row = self._execute(
            "SELECT name, token_hash FROM students WHERE key = ?", (key_of(name),)
        ).fetchone()
        return None if row is None else Student(row[0], row[1])

    def roster(self) -> list[Student]:
        rows = self._execute("SELECT name, token_hash FROM students ORDER BY key")
        return [Student(name, hashed) for name, hashed in rows]

    def admit(self, name: str) -> bool:
        """Put `name` on the roster (without a token yet); False when it was there."""
        cursor = self._execute(
            "INSERT OR IGNORE INTO students (key, name) VALUES (?, ?)", (key_of(name), name)
        )
        return cursor.rowcount > 0

    def give_token(self, name: str, hashed: str) -> None:
        """`name` is on the roster with the token whose hash is `hashed`."""
        self._execute(
            "INSERT INTO students (key, name, token_hash) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET token_hash = excluded.token_hash",
            (key_of(name), name, hashed),
        )

    def token_fits(self, name: str, token: str) -> bool:
        student = self.student(name)
        return (
            student is not None
            and student.token_hash is not None
            and bool(token)
            and (token_fits(token, student.token_hash))
        )

    def remove(self, name: str) -> bool:
        """Take `name` off the roster (its token with it); False when it was not there."""
        cursor = self._execute("DELETE FROM students WHERE key = ?", (key_of(name),))
        return cursor.rowcount > 0

    # The games

    def new_game(self, game_id: str, names: tuple[str, str]) -> int:
        cursor = self._execute(
            "INSERT INTO games (game_id, player1, player2) VALUES (?, ?, ?)", (game_id, *names)
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def keep_record(self, game: int, record: str) -> None:
        """Game `game` so far: its record (`rules.records.GameRecord`) as JSON."""
        self._execute("UPDATE games SET record = ? WHERE id = ?", (record, game))

    def game_over(self, game: int, result: str) -> None:
        """Game `game` ended: `result` in words."""
        self._execute("UPDATE games SET result = ? WHERE id = ?", (result, game))

    def games(self) -> list[GameRow]:
        rows = self._execute("SELECT id, game_id, player1, player2, result FROM games")
        return [GameRow(i, g, (p1, p2), result) for i, g, p1, p2, result in rows]

    def record(self, game: int) -> str:
        row = self._execute("SELECT record FROM games WHERE id = ?", (game,)).fetchone()
        return "" if row is None else str(row[0])


def open_store(database: str | None = None) -> HubStore:
    """The store `--database` names (a path to an SQLite file; None: the data folder's);
    StoreProblem in words for what is not supported yet."""
    if database is None:
        return HubStore(ensure_data_dir() / FILE_NAME)
    if database.startswith(("postgresql:", "postgres:")):
        raise StoreProblem(
            "PostgreSQL is not supported yet: give --database a path to an SQLite file, "
            "or leave it out to keep the class in the data folder"
        )
    if "://" in database:
        raise StoreProblem(f"--database takes a path to an SQLite file, not {database[:60]!r}")
    return HubStore(Path(database.removeprefix("sqlite:")).expanduser())
