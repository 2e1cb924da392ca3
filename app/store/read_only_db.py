"""The statistics read where they cannot be written: a read-only data folder.

There SQLite cannot make WAL's `-shm` file, so `app.store.stats.connect` reads the
database read-only (`mode=ro`, or `immutable=1`) into a copy in memory, a
`ReadOnlyStats`: missing tables are made there, empty; a write is refused in words, and
the first such opening in a process says so on standard error.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What SQLite says when the database or its folder cannot be written.
_UNWRITABLE = ("unable to open database file", "readonly database")
#: The notes said already in this process (once each).
_said: set[str] = set()


def nothing_kept(path: Path) -> str:
    return (
        f"The data folder {path.parent} cannot be written: the statistics are read as they "
        "are, and nothing new is kept."
    )


class ReadOnlyStats(sqlite3.Connection):
    """The statistics read into memory from a file that cannot be written: tables may be
    made (a part's migration), rows of them not written; a write says so (`note`)."""

    note = "the statistics cannot be written"

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        try:
            return super().execute(sql, parameters)
        except sqlite3.DatabaseError as error:
            raise self._said(error) from None

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        try:
            return super().executemany(sql, parameters)
        except sqlite3.DatabaseError as error:
            raise self._said(error) from None

    def _said(self, error: sqlite3.DatabaseError) -> sqlite3.DatabaseError:
        return sqlite3.OperationalError(self.note) if "not authorized" in str(error) else error


def _rows_unchanged(action: int, table: str | None, *_: object) -> int:
    """The authorizer of a `ReadOnlyStats`: the schema and the versions of the tables
    may change (a migration, in memory), no other row."""
    if action in (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE):
        name = table or ""
        if not (name.startswith("sqlite_") or name.endswith("_version")):
            return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def open_read_only(
    path: Path, error: sqlite3.Error, check: Callable[[sqlite3.Connection], object]
) -> sqlite3.Connection:
    """The database at `path` read into memory and `check`ed, when `error` says it cannot be
    written (else `error` again; the last sqlite3.Error when it cannot be read either)."""
    if not any(words in str(error) for words in _UNWRITABLE) or not path.is_file():
        raise error
    uri = path.absolute().as_uri()
    for query in ("mode=ro", "mode=ro&immutable=1"):
        copy = sqlite3.connect(":memory:", isolation_level=None, factory=ReadOnlyStats)
        try:
            with sqlite3.connect(f"{uri}?{query}", uri=True) as source:
                source.backup(copy)
            source.close()
            copy.note = f"the data folder {path.parent} cannot be written, so nothing new is kept"
            copy.set_authorizer(_rows_unchanged)
            check(copy)
        except sqlite3.Error as failed:
            copy.close()
            error = failed
            continue
        except BaseException:
            copy.close()
            raise
        say_once(nothing_kept(path))
        return copy
    raise error


def say_once(note: str) -> None:
    """Say `note` on standard error, once in a process (the full screen's standard error
    is Textual's log, never the terminal)."""
    if note in _said:
        return
    _said.add(note)
    print(note, file=sys.stderr)
