"""One part of the statistics database (app.store.stats.Part): its own tables and version,
an old file brought up to date, a newer or damaged file refused in words; and the five
parts (ratings, judged games, training, tournaments, online games) each with its own
version table and words."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from app.classroom.tournament.store import TOURNAMENTS
from app.online.online_stats import ONLINE
from app.store.judged_games import JUDGED
from app.store.ratings_db import RATINGS
from app.store.stats import Part, StatsError, connect, schema_version, table_version
from app.training.puzzle_store import TRAINING

FIRST = ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)",)
SECOND = ("ALTER TABLE notes ADD COLUMN seen INTEGER NOT NULL DEFAULT 0",)
NOTES = Part("notes_version", (FIRST,), "the notes")

#: Each part: its version table, its name when it cannot be used, its words for a newer file.
PARTS = [
    (RATINGS, "ratings_version", "the ratings", "the ratings in the statistics database are"),
    (
        JUDGED,
        "judged_version",
        "the judged games",
        "the judged games in the statistics database are",
    ),
    (TRAINING, "training_version", "the training results", "the training results are"),
    (
        TOURNAMENTS,
        "tournament_version",
        "the tournaments",
        "the tournaments in the statistics database are",
    ),
    (
        ONLINE,
        "online_version",
        "the online games' table",
        "the online games in the statistics database are",
    ),
]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "stats.sqlite3"


def set_version(path: Path, table: str, version: int) -> None:
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(f"UPDATE {table} SET version = ?", (version,))


def test_a_part_is_made_on_first_use_beside_the_games(path: Path) -> None:
    connect(path).close()  # a file from before the part: the games' tables only
    with closing(NOTES.open(path)) as conn:
        assert table_version(conn, "notes_version") == 1
        assert schema_version(conn) == 1  # the games' schema is untouched
        conn.execute("INSERT INTO notes (text) VALUES ('kept')")
        assert NOTES.migrate(conn) == 1  # a second time changes nothing


def test_an_old_part_is_brought_up_to_date_keeping_its_rows(path: Path) -> None:
    with closing(NOTES.open(path)) as conn:
        conn.execute("INSERT INTO notes (text) VALUES ('kept')")
    later = Part("notes_version", (FIRST, SECOND), "the notes")
    with closing(later.open(path)) as conn:
        assert table_version(conn, "notes_version") == 2
        assert conn.execute("SELECT text, seen FROM notes").fetchall() == [("kept", 0)]
        assert conn.execute("SELECT COUNT(*) FROM notes_version").fetchone()[0] == 1


def test_a_newer_part_is_refused_in_words_and_left_as_it_is(path: Path) -> None:
    NOTES.open(path).close()
    set_version(path, "notes_version", 4)
    expected = (
        "the notes in the statistics database are version 4, newer than this program "
        "understands (1); update Equation Duel"
    )
    with pytest.raises(StatsError) as refused:
        NOTES.open(path)
    assert str(refused.value) == expected
    with closing(sqlite3.connect(path)) as raw:
        assert raw.execute("SELECT version FROM notes_version").fetchall() == [(4,)]


def test_a_damaged_file_is_refused_in_words(path: Path) -> None:
    path.write_bytes(b"not a database " * 100)
    with pytest.raises(StatsError) as refused:
        NOTES.open(path)
    assert str(refused.value) == f"cannot use the statistics in {path}: file is not a database"
    assert path.read_bytes() == b"not a database " * 100


def test_a_part_that_cannot_be_made_is_named(path: Path) -> None:
    broken = Part("notes_version", (("CREATE TABLE games (x)",),), "the notes")
    connect(path).close()
    with pytest.raises(StatsError, match=r"^cannot use the notes: table games already exists$"):
        broken.open(path)


@pytest.mark.parametrize(("part", "table", "what", "newer"), PARTS)
def test_each_part_keeps_its_table_and_words(
    path: Path, part: Part, table: str, what: str, newer: str
) -> None:
    assert part.version_table == table
    with closing(part.open(path)) as conn:
        assert table_version(conn, table) == len(part.migrations) == 1
    set_version(path, table, 9)
    with pytest.raises(StatsError) as refused:
        part.open(path)
    assert str(refused.value).startswith(f"{newer} version 9, newer than this program")
    # a table of the part made by hand before it: the part is named in the refusal
    first_table = re.search(r"CREATE TABLE (\w+)", part.migrations[0][0])
    assert first_table is not None
    fresh = path.with_name("fresh.sqlite3")
    with closing(sqlite3.connect(fresh)) as raw:
        raw.execute(f"CREATE TABLE {first_table[1]} (x)")
    with pytest.raises(StatsError, match=rf"^cannot use {what}: table \w+ already exists$"):
        part.open(fresh)
