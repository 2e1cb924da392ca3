"""The hub's records (`app/hub/store_sql.py` says what they hold): SQLite in the data
folder (`hub.sqlite3`, nothing to install) by default, or a school's PostgreSQL
(`app/hub/store_pg.py`, psycopg 3, the `hub-pg` extra) when `--database` says
`postgresql://…`; `open_store` opens the one `--database` names."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.hub.store_sql import GameRow, HubStore, Rows, StoreProblem, Student, key_of
from app.store.data_folder import ensure_data_dir
from rules.safe_files import kind_of

__all__ = ["GameRow", "HubStore", "SqliteStore", "StoreProblem", "Student", "key_of", "open_store"]

FILE_NAME = "hub.sqlite3"


class SqliteStore(HubStore):
    """The records in one SQLite file."""

    errors = (sqlite3.Error,)

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        try:
            kind = kind_of(path.stat().st_mode)
        except OSError:
            kind = None  # (a missing file is created; another problem is SQLite's to say)
        if kind is not None:  # (a pipe would hang, a device is no database)
            raise StoreProblem(f"cannot use {path}: {kind}, not a database")
        try:
            self._db = sqlite3.connect(
                path, timeout=5.0, isolation_level=None, check_same_thread=False
            )  # (the hub runs its statements on one worker thread: app.hub.store_queue)
            self._make_tables("INTEGER PRIMARY KEY AUTOINCREMENT")
            # (a move kept must not wait for the disk: WAL, synced at checkpoints; a
            # power cut may lose the last moves, never the file)
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as error:
            raise StoreProblem(f"cannot open the database {path}: {error}") from None

    def _run(self, sql: str, parameters: tuple[object, ...]) -> Rows:
        cursor = self._db.execute(sql, parameters)
        return cursor.fetchall(), cursor.rowcount

    def close(self) -> None:
        self._db.close()


POSTGRES = ("postgresql://", "postgres://")


def open_store(database: str | None = None) -> HubStore:
    """The store `--database` names: a path to an SQLite file (None: the data folder's),
    or a PostgreSQL URL; StoreProblem in words for what cannot be used."""
    if database is None:
        return SqliteStore(ensure_data_dir() / FILE_NAME)
    if database.startswith(POSTGRES):
        try:
            from app.hub.store_pg import PostgresStore
        except ModuleNotFoundError as error:
            if not (error.name or "").startswith("psycopg"):
                raise
            raise StoreProblem(
                "a PostgreSQL database needs psycopg, which is not installed: "
                "pip install 'equation-duel[hub-pg]'"
            ) from None
        return PostgresStore(database)
    if "://" in database:
        raise StoreProblem(
            "--database takes a path to an SQLite file or a postgresql:// URL, "
            f"not {database[:60]!r}"
        )
    return SqliteStore(Path(database.removeprefix("sqlite:")).expanduser())
