"""Statistics (app.store.stats): the SQLite database, its migrations, the queries, two writers."""

from __future__ import annotations

import multiprocessing
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.store.ratings import record_game
from app.store.stats import (
    MIGRATIONS,
    StatsError,
    connect,
    migrate,
    schema_version,
    stats_path,
    summary,
)
from app.store.stats_rows import HeadToHead, LevelStats, PlayerStats
from app.store.stats_text import format_summary
from rules.records import GameRecord, Kind, players_of, record_from_moves

WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]  # Player 1 wins
TIE = ["1@1.1", "9@2.1", "6@1.2", "5@2.2", "3@1.3", "2@2.3"]  # the second player wins
START = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    yield folder


def game(
    names: tuple[str, str],
    winner: int,
    kinds: tuple[Kind, Kind] = ("human", "human"),
    minute: int = 0,
    game_id: str = "template",
) -> GameRecord:
    """A finished game that `winner` wins (template: the walkthrough or the tie)."""
    if game_id == "template":
        moves = WALKTHROUGH if winner == 1 else TIE
    else:  # conquest: 6 2 3 is won by Player 1; 5 6 2 3 by Player 2
        moves = ["6", "2", "3"] if winner == 1 else ["5", "6", "2", "3"]
    started = START + timedelta(minutes=minute)
    return record_from_moves(
        game_id,
        None,
        moves,
        players_of(names, kinds),
        seconds=[2.0] * len(moves),
        started=started,
        ended=started + timedelta(seconds=30),
    )


def test_created_on_first_use(data: Path) -> None:
    assert summary().games == 0
    assert not data.exists()  # reading creates nothing
    conn = connect()
    try:
        assert stats_path() == data / "stats.sqlite3"
        assert stats_path().exists()
        assert schema_version(conn) == len(MIGRATIONS) == 1
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    finally:
        conn.close()


def test_scripted_series_gives_the_expected_counts() -> None:
    series = [
        game(("Ada", "Bob"), 1, minute=1),
        game(("Bob", "Ada"), 2, minute=2),  # Ada again (as Player 2)
        game(("Ada", "Bob"), 2, minute=3),  # Bob
        game(("Ada", "Bob"), 1, minute=4),
        game(("Ada", "Bob"), 1, minute=5),
        game(("Ada", "Computer"), 1, ("human", "easy"), minute=6),
        game(("Ada", "Computer"), 2, ("human", "perfect"), minute=7),
        game(("Computer", "Ada"), 1, ("perfect", "human"), minute=8),
        game(("Bob", "Ada"), 1, minute=9, game_id="conquest"),
        game(("Bob", "Ada"), 2, minute=10, game_id="conquest"),
    ]
    for record in series:
        assert record_game(record)
    stats = summary()
    assert stats.games == 10
    by_key = {(p.name, p.game): p for p in stats.players}
    assert by_key["Ada", "template"] == PlayerStats("Ada", "template", 8, 5, 3, 5 / 8, -2)
    assert by_key["Bob", "template"] == PlayerStats("Bob", "template", 5, 1, 4, 0.2, -2)
    # a computer is counted by its level, whatever its seat was called (RULINGS.md)
    perfect = "Computer (perfect)"
    assert by_key[perfect, "template"] == PlayerStats(perfect, "template", 2, 2, 0, 1.0, 2)
    easy = "Computer (easy)"
    assert by_key[easy, "template"] == PlayerStats(easy, "template", 1, 0, 1, 0.0, -1)
    assert by_key["Ada", "conquest"] == PlayerStats("Ada", "conquest", 2, 1, 1, 0.5, 1)
    assert by_key["Bob", "conquest"].streak == -1
    assert list(stats.head_to_head) == [
        HeadToHead("Ada", "Bob", "conquest", 2, 1, 1),
        HeadToHead("Ada", "Bob", "template", 5, 4, 1),
        HeadToHead("Ada", "Computer (easy)", "template", 1, 1, 0),
        HeadToHead("Ada", "Computer (perfect)", "template", 2, 0, 2),
    ]
    assert list(stats.against_computer) == [
        LevelStats("Ada", "template", "easy", 1, 1, 0),
        LevelStats("Ada", "template", "perfect", 2, 0, 2),
    ]
    text = format_summary(stats)
    assert "Games recorded: 10" in text
    assert "Ada" in text and "62%" in text and "L2" in text
    assert "Ada vs Bob" in text and "4-1" in text
    assert "perfect" in text
    as_json = stats.as_json()
    assert as_json["games"] == 10
    assert as_json["players"][0]["name"] == "Ada"


def test_the_same_game_counts_once() -> None:
    record = game(("Ada", "Bob"), 1)
    assert record_game(record)
    assert not record_game(record)
    assert summary().games == 1


def test_unfinished_game_is_not_counted() -> None:
    with pytest.raises(ValueError, match="finished"):
        record_game(record_from_moves("template", None, WALKTHROUGH[:3]))


def test_recorded_columns(data: Path) -> None:
    record = record_from_moves(
        "fifty",
        {"target": 30},
        ["6*7"],
        players_of(("Ada", "Robo"), ("human", "medium")),
        seconds=[3.5],
        best_of=1,
        started=START,
        ended=START + timedelta(seconds=90),
    )
    assert record.finished
    record_game(record)
    conn = connect()
    try:
        row = conn.execute(
            "SELECT game, variant, p1_name, p1_kind, p2_name, p2_kind, winner, reason, moves, "
            "duration, started, ended, best_of FROM games"
        ).fetchone()
    finally:
        conn.close()
    assert row[0] == "fifty"
    assert '"target":30' in row[1]
    assert row[2:6] == ("Ada", "human", "Robo", "medium")
    assert row[6] == 2 and "over 30" in row[7]
    assert row[8:10] == (1, 90.0)
    assert row[10].startswith("2024-05-01T12:00:00") and row[11].startswith("2024-05-01T12:01:30")
    assert row[12] == 1


# Migrations.


def test_migrations_apply_in_order_once(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    connect(path).close()
    later = (*MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",), ("CREATE TABLE t (x)",))
    conn = connect(path, later)
    try:
        assert schema_version(conn) == 3
        columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
        assert columns[-1] == "note"
        assert migrate(conn, later) == 3  # nothing left to do
        assert conn.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == 1
    finally:
        conn.close()


def test_failed_migration_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    connect(path).close()
    broken = (*MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT", "NOT SQL"))
    with pytest.raises(StatsError, match="cannot use the statistics"):
        connect(path, broken)
    conn = connect(path)
    try:
        assert schema_version(conn) == 1
        assert "note" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    finally:
        conn.close()


def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    raw.execute("INSERT INTO schema_version VALUES (7)")
    raw.commit()
    raw.close()
    with pytest.raises(StatsError, match="version 7, newer than this program"):
        connect(path)


def test_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StatsError):
        summary(path)


# Two processes at once.


def write_games(folder: str, prefix: str, count: int, ready: Any = None, go: Any = None) -> None:
    """An app instance: count finished games, each in its own transaction."""
    import os

    os.environ["EQUATION_DUEL_DATA"] = folder
    conn = connect()
    records = [game((prefix, "Bob"), 1 + n % 2, minute=n) for n in range(count)]
    try:
        if ready is not None:
            ready.release()
            go.wait(30)
        for record in records:
            assert record_game(record, conn)
    finally:
        conn.close()


def test_two_processes_writing_at_once_lose_nothing(data: Path) -> None:
    count = 100
    context = multiprocessing.get_context("spawn")
    ready, go = context.Semaphore(0), context.Event()
    connect().close()  # the database exists; each process then writes at the same moment
    workers = [
        context.Process(target=write_games, args=(str(data), name, count, ready, go))
        for name in ("Ada", "Cy")
    ]
    for worker in workers:
        worker.start()
    for _ in workers:
        assert ready.acquire(timeout=60)
    go.set()
    write_games(str(data), "Dee", count)  # and this process too
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    stats = summary()
    assert stats.games == 3 * count
    played = {(p.name, p.game): p.played for p in stats.players}
    assert played == {
        ("Ada", "template"): count,
        ("Cy", "template"): count,
        ("Dee", "template"): count,
        ("Bob", "template"): 3 * count,
    }


def test_two_processes_creating_the_database_at_once(data: Path) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=write_games, args=(str(data), name, 5)) for name in ("Ada", "Cy")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    assert summary().games == 10


def test_a_class_s_names_are_each_cleaned_once_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 37: the statistics screen reads a class's 2,000 games and 4,000 ratings; each
    # seat's and each rating's name was cleaned anew, a third of the read.
    from app.store import ratings_view, stats_rows

    for minute in range(6):
        record_game(game(("Ann", "Bob"), 1 + minute % 2, minute=minute))
    cleaned: list[object] = []

    def counted(module: Any) -> None:
        tidy = module.tidy_name
        monkeypatch.setattr(
            module, "tidy_name", lambda text, *a: cleaned.append(text) or tidy(text, *a)
        )

    counted(stats_rows)
    counted(ratings_view)
    found = summary()
    assert [(p.name, p.played) for p in found.players] == [("Ann", 6), ("Bob", 6)]
    assert sorted(cleaned) == ["Ann", "Bob"]
    cleaned.clear()
    assert [line.changes for line in ratings_view.ratings_summary().ratings] == [6, 6]
    assert sorted(cleaned) == ["Ann", "Bob"]
