"""Ratings (app.store.ratings, app.store.ratings_db, app.store.ratings_view): openskill updates, the games'
hook in app.store.stats, puzzles, streaks, the daily result, and the migration of a database
made before ratings."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.store import ratings, stats
from app.store.ratings import (
    COMPUTER_RATINGS,
    PUZZLE_BOARD,
    START,
    Rating,
    current,
    rate_game,
    record_puzzle,
    updated,
)
from app.store.ratings_db import migrate_ratings, open_ratings
from app.store.ratings_view import format_ratings, ratings_summary, sparkline
from app.store.stats import table_version
from rules.puzzles.bank import puzzles_of
from rules.records import GameRecord, Kind, players_of, record_from_moves

START_TIME = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

#: Today's games schema (app.store.stats' first migration), as a database made before ratings.
TODAYS_SCHEMA = stats.MIGRATIONS[0]


def conquest_game(names: tuple[str, str], winner: int, kinds: tuple[Kind, Kind]) -> GameRecord:
    moves = ["6", "2", "3"] if winner == 1 else ["5", "6", "2", "3"]
    return record_from_moves(
        "conquest",
        None,
        moves,
        players_of(names, kinds),
        seconds=[1.0] * len(moves),
        started=START_TIME,
        ended=START_TIME + timedelta(seconds=20),
    )


def test_a_win_against_a_stronger_opponent_raises_more() -> None:
    strong = Rating(1800.0, 1.0)
    weak = Rating(1200.0, 1.0)
    over_strong = updated(START, strong, won=True).mu - START.mu
    over_weak = updated(START, weak, won=True).mu - START.mu
    assert over_strong > over_weak > 0
    assert updated(START, weak, won=False).mu < START.mu
    # a loss to a stronger side costs less than one to a weaker side
    assert (
        START.mu - updated(START, strong, won=False).mu
        < START.mu - updated(START, weak, won=False).mu
    )


def test_beating_the_perfect_computer_raises_more_than_beating_easy() -> None:
    conn = open_ratings()
    try:
        rate_game(conn, conquest_game(("Ada", "Computer"), 1, ("human", "perfect")))
        rate_game(conn, conquest_game(("Bob", "Computer"), 1, ("human", "easy")))
        ada, bob = current(conn, "Ada", "conquest"), current(conn, "Bob", "conquest")
    finally:
        conn.close()
    assert COMPUTER_RATINGS["conquest"]["perfect"] > COMPUTER_RATINGS["conquest"]["easy"]
    assert ada.mu > bob.mu > START.mu


def test_two_named_people_both_move_and_unnamed_seats_are_not_rated() -> None:
    conn = open_ratings()
    try:
        changes = rate_game(conn, conquest_game(("Ada", "Bob"), 2, ("human", "human")))
        assert set(changes) == {"Ada", "Bob"}
        assert current(conn, "Bob", "conquest").mu > START.mu > current(conn, "Ada", "conquest").mu
        assert rate_game(conn, conquest_game(("Player 1", "Bob"), 1, ("human", "human"))) == {}
        assert rate_game(conn, conquest_game(("Ann", "Cpu"), 1, ("easy", "perfect"))) == {}
        rows = conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0]
    finally:
        conn.close()
    assert rows == 2


def test_recording_a_game_rates_it_once() -> None:
    record = conquest_game(("Ada", "Computer"), 1, ("human", "medium"))
    assert ratings.record_game(record)
    assert not ratings.record_game(record)  # counted (and rated) once
    lines = ratings_summary().ratings
    assert [(r.player, r.board, r.changes) for r in lines] == [("Ada", "conquest", 1)]
    assert lines[0].history[0] == 1500 and lines[0].rating > 1500


def test_puzzles_move_the_puzzle_rating_streaks_and_the_daily_result() -> None:
    easy = puzzles_of("collect", "easy")[0]
    hard = puzzles_of("collect", "hard")[0]
    today = dt.date(2026, 5, 1)
    conn = open_ratings()
    try:
        up = record_puzzle(conn, "Ada", hard, solved=True, rated=True)
        assert up is not None and up[1].mu > up[0].mu
        assert record_puzzle(conn, "Ada", easy, solved=True, rated=False) is None
        down = record_puzzle(conn, "Ada", easy, solved=False, rated=True)
        assert down is not None and down[1].mu < down[0].mu
        record_puzzle(conn, "Ada", hard, solved=True, rated=True, daily=today.isoformat())
        record_puzzle(conn, "Ada", easy, solved=True, rated=True)
        assert record_puzzle(conn, "Player 1", easy, solved=True, rated=True) is None
        rating = current(conn, "Ada", PUZZLE_BOARD)
    finally:
        conn.close()
    found = ratings_summary(today=today)
    [line] = [r for r in found.ratings if r.board == PUZZLE_BOARD]
    assert line.rating == rating.shown and line.changes == 4 and len(line.history) == 5
    [puzzles] = found.puzzles
    assert (puzzles.tried, puzzles.solved, puzzles.streak, puzzles.best_streak) == (4, 3, 2, 2)
    assert [(d.player, d.solved) for d in found.daily] == [("Ada", True)]
    text = format_ratings(found)
    assert "Ada  puzzles" in text and "streak 2 (best 2)" in text and "solved" in text


def make_todays_database(path: Path) -> None:
    """A statistics file as today's program leaves it: the games table, version 1."""
    raw = sqlite3.connect(path)
    for statement in TODAYS_SCHEMA:
        raw.execute(statement)
    raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    raw.execute("INSERT INTO schema_version VALUES (1)")
    raw.execute(
        "INSERT INTO games (record_id, game, variant, best_of, p1_name, p1_kind, p2_name, "
        "p2_kind, winner, reason, moves, duration, started, ended) VALUES "
        "('old-1', 'fifty', '{}', 1, 'Ada', 'human', 'Bob', 'human', 2, 'hit 50', 6, 40.0, "
        "'2024-01-01T10:00:00+00:00', '2024-01-01T10:01:00+00:00')"
    )
    raw.commit()
    raw.close()


def test_migration_keeps_old_results(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    make_todays_database(path)
    before = stats.summary(path)
    conn = open_ratings(path)
    try:
        assert table_version(conn, "ratings_version") == 1
        assert stats.schema_version(conn) == 1  # the games' schema is untouched
        assert migrate_ratings(conn) == 1  # a second time changes nothing
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert {"games", "ratings", "puzzle_results"} <= tables
    after = stats.summary(path)
    assert after == before and after.games == 1
    assert after.players[0].name == "Ada" and after.players[1].won == 1
    # and the old file still takes new games, which are rated
    ratings.record_game(
        conquest_game(("Ada", "Computer"), 1, ("human", "easy")), stats.connect(path)
    )
    assert stats.summary(path).games == 2
    assert [r.player for r in ratings_summary(path).ratings] == ["Ada"]


def test_sparkline_draws_the_history() -> None:
    assert sparkline([1500, 1600, 1400, 1700]) == "▃▆▁█"
    assert sparkline([1500, 1500]) == "▁▁"
    assert sparkline([]) == ""


def test_stats_command_shows_ratings() -> None:
    ratings.record_game(conquest_game(("Ada", "Computer"), 1, ("human", "perfect")))
    run = [sys.executable, "-m", "app", "stats"]
    text = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "Ratings" in text and "Ada  conquest" in text
    data = json.loads(
        subprocess.run([*run, "--json"], capture_output=True, text=True, check=True).stdout
    )
    assert data["games"] == 1
    assert data["ratings"]["ratings"][0]["player"] == "Ada"


async def test_statistics_screen_shows_ratings_with_a_sparkline() -> None:
    from textual.widgets import Static

    from app.tui.app import EquationDuelApp
    from app.tui.puzzle_stats import RatingRows, RatingsPanel
    from tests.app.tui_support import SIZE

    ratings.record_game(conquest_game(("Ada", "Computer"), 1, ("human", "perfect")))
    conn = open_ratings()
    try:
        record_puzzle(conn, "Ada", puzzles_of("fifty")[0], solved=True, rated=True)
    finally:
        conn.close()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        panel = app.screen.query_one(RatingsPanel)
        assert panel.display
        lines = [str(s.render()) for s in panel.query(Static)]
        rows = panel.query_one(RatingRows).rows  # (a line each: the words, the history)
        assert any("Ada · Equation Conquest: " in label for label, _ in rows)
        assert any("1 of 1 puzzles solved" in line for line in lines)
        assert len(rows) == 2 and rows[0][1][0] == 1500


# Writers at once (issue 29: 4 processes × 10 games lost 6 of 40 updates).


def write_games(path: str, writer: int, games: int) -> None:
    """Ann beats the easy computer `games` times, each game counted and rated by
    `ratings.record_game` on this writer's own connection."""
    conn = stats.connect(path)
    try:
        for number in range(games):
            record = conquest_game(("Ann", "Computer"), 1, ("human", "easy"))
            assert ratings.record_game(
                record.model_copy(update={"id": f"w{writer}-{number}"}), conn
            )
    finally:
        conn.close()


def assert_no_update_lost(path: Path, total: int) -> None:
    """Every game counted, and Ann's rating is what `total` wins one after another give:
    an update computed from a rating another writer had already replaced would fall
    short."""
    expected = START
    easy = ratings.computer_rating("conquest", "easy")
    assert easy is not None
    for _ in range(total):
        expected = updated(expected, easy, won=True)
    assert stats.summary(path).games == total
    conn = stats.connect(path)
    try:
        final = ratings.current(conn, "Ann", "conquest")
        rows = conn.execute("SELECT COUNT(*) FROM ratings WHERE player = 'Ann'").fetchone()[0]
    finally:
        conn.close()
    assert rows == total
    assert abs(final.mu - expected.mu) < 1e-6 and abs(final.sigma - expected.sigma) < 1e-6


def test_writers_at_once_lose_no_rating_update(tmp_path: Path) -> None:
    """3 threads × 5 games, each with its own connection (SQLite locks them as it locks
    processes); the soak set runs 4 processes × 10."""
    import threading

    path = tmp_path / "stats.sqlite3"
    stats.connect(path).close()
    migrate_and_close = open_ratings(path)
    migrate_and_close.close()
    failures: list[BaseException] = []

    def writer(number: int) -> None:
        try:
            write_games(str(path), number, 5)
        except BaseException as error:  # reported below, in the test's own thread
            failures.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads) and failures == []
    assert_no_update_lost(path, 15)


@pytest.mark.soak
def test_processes_at_once_lose_no_rating_update(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    root = Path(__file__).parents[2]
    code = "import sys; from tests.app.test_ratings import write_games; " + (
        "write_games(sys.argv[1], int(sys.argv[2]), 10)"
    )
    writers = [
        subprocess.Popen([sys.executable, "-c", code, str(path), str(n)], cwd=root)
        for n in range(4)
    ]
    try:
        assert [writer.wait(timeout=300) for writer in writers] == [0] * 4
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
    assert_no_update_lost(path, 40)


async def test_a_class_s_puzzle_lines_are_one_widget_each_kind() -> None:
    # Issue 37: each pupil's puzzles and today's puzzle were a widget of their own, sixty
    # widgets for a class of thirty to style and lay out as the statistics opened.
    from textual.widgets import Static

    from app.tui.app import EquationDuelApp
    from app.tui.puzzle_stats import RatingsPanel
    from tests.app.tui_support import SIZE

    pupils = [f"Pupil {n}" for n in range(12)]
    conn = open_ratings()
    try:
        for pupil in pupils:
            record_puzzle(conn, pupil, puzzles_of("fifty")[0], solved=True, rated=True)
    finally:
        conn.close()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        panel = app.screen.query_one(RatingsPanel)
        lines = [str(s.render()) for s in panel.query(".ratings-line").results(Static)]
        assert len(lines) == 1
        assert lines[0].splitlines() == [
            f"{pupil}: 1 of 1 puzzles solved, 1 in a row (best 1)"
            for pupil in sorted(pupils, key=str.casefold)
        ]
