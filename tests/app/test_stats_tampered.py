"""A statistics database changed by hand (issue 10, item 8): rows that are not what the
program writes are left out and counted; the others are all kept; names read back are
cleaned of terminal codes (item 3)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from app.cli.main import main
from app.store.ratings import record_game
from app.store.stats import StatsError, connect, stats_path, summary
from app.store.stats_text import format_summary
from rules.records import players_of, record_from_moves


def won(names: tuple[str, str], record_id: str) -> None:
    record = record_from_moves("conquest", None, ["6", "2", "3"], players_of(names))
    record_game(record.model_copy(update={"id": record_id}))


def tamper(*statements: str) -> None:
    conn = sqlite3.connect(stats_path())
    with conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()


BAD_ROWS = [
    "UPDATE games SET winner = 7 WHERE record_id = 'b'",
    "UPDATE games SET moves = 'many' WHERE record_id = 'c'",
    "UPDATE games SET p1_name = X'DEADBEEF' WHERE record_id = 'd'",
    "UPDATE games SET duration = 'long' WHERE record_id = 'e'",
    "UPDATE games SET p2_kind = 'wizard' WHERE record_id = 'f'",
    "UPDATE games SET p2_name = char(27) || '[2J' WHERE record_id = 'g'",
]


def test_tampered_rows_are_skipped_and_counted(capsys: pytest.CaptureFixture[str]) -> None:
    for record_id in "abcdefgh":
        won(("Ann", "Bob"), record_id)
    connect().close()
    tamper(
        # SQLite's CHECK on winner is bypassed by a file edited elsewhere: drop it.
        "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET sql = replace(sql, 'CHECK (winner IN (1, 2))', '') "
        "WHERE name = 'games'",
    )
    tamper(*BAD_ROWS)
    found = summary()
    assert found.games == 2 and found.unreadable == 6
    [ann] = [p for p in found.players if p.name == "Ann"]
    assert (ann.played, ann.won) == (2, 2)
    text = format_summary(found)
    assert "6 unreadable results left out" in text
    assert main(["stats"]) == 0
    assert "6 unreadable results left out" in capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unreadable"] == 6


def test_escape_codes_in_names_never_reach_the_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    won(("Ann", "Bob"), "a")
    connect().close()
    tamper(
        "UPDATE games SET p1_name = char(27) || ']0;owned' || char(7) || 'Ann' || char(27) || '[2J'"
    )
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Ann" in out


def test_everything_unreadable(tmp_path: Path) -> None:
    won(("Ann", "Bob"), "a")
    connect().close()
    tamper("UPDATE games SET moves = 'x'")
    found = summary()
    assert found.games == 0 and found.unreadable == 1
    assert format_summary(found) == "No games recorded yet.\n1 unreadable result left out"


# Ratings, puzzles and versions changed by hand (issue 29).


def rated_games() -> None:
    """Ann beats Bob twice and tries a puzzle: rows in `ratings` and `puzzle_results`."""
    from app.store.ratings import record_puzzle
    from app.store.ratings_db import open_ratings
    from rules.puzzles.bank import puzzles_of

    won(("Ann", "Bob"), "a")
    won(("Ann", "Bob"), "b")
    conn = open_ratings()
    try:
        record_puzzle(conn, "Ann", puzzles_of("fifty")[0], solved=True, rated=True)
    finally:
        conn.close()


BAD_RATINGS = [
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES ('Ann', 'conquest', 'lots', 1.0, 'Bob', 1, 'x', 'now')",
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES ('Ann', 'conquest', 9e999, 1.0, 'Bob', 1, 'x', 'now')",
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES ('Ann', 'conquest', 1500, -2, 'Bob', 1, 'x', 'now')",
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES ('Ann', 'chess', 1500, 300, 'Bob', 1, 'x', 'now')",
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES (X'00', 'conquest', 1500, 300, 'Bob', 1, 'x', 'now')",
    "INSERT INTO puzzle_results (player, puzzle_id, game, difficulty, solved, rated, at) "
    "VALUES ('Ann', 'p', 'fifty', 'easy', 1, 1, 'now')",
    "UPDATE puzzle_results SET solved = 'yes' WHERE puzzle_id = 'p'",
    # names with terminal codes are cleaned, not left out
    "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
    "VALUES (char(27) || ']0;owned' || char(7) || 'Eve' || char(27) || '[2J', 'fifty', "
    "1600, 300, 'Bob', 1, 'x', 'now')",
    "INSERT INTO puzzle_results (player, puzzle_id, game, difficulty, solved, rated, at) "
    "VALUES (char(27) || '[31mMal', 'q', 'fifty', 'easy', 1, 1, 'now')",
]


def _drop_checks() -> None:
    """SQLite's CHECKs are bypassed by a file edited elsewhere: drop them."""
    tamper(
        "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET sql = replace(replace(sql, 'CHECK (solved IN (0, 1))', ''), "
        "'CHECK (rated IN (0, 1))', '') WHERE name = 'puzzle_results'",
    )


def test_tampered_ratings_are_skipped_counted_and_cleaned(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from app.store.ratings_view import format_ratings, ratings_summary

    rated_games()
    _drop_checks()
    tamper(*BAD_RATINGS)
    found = ratings_summary()
    assert found.unreadable == 6
    ann = [r for r in found.ratings if r.player == "Ann" and r.board == "conquest"]
    assert [r.changes for r in ann] == [2]
    assert {r.player for r in found.ratings} == {"Ann", "Bob", "Eve"}
    assert {p.player for p in found.puzzles} == {"Ann", "Mal"}
    assert "6 unreadable rating rows left out" in format_ratings(found)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "6 unreadable rating rows left out" in out
    assert "\x1b" not in out and "\x07" not in out and "Eve" in out and "Mal" in out
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ratings"]["unreadable"] == 6 and data["games"] == 2


def test_a_plain_game_after_a_tampered_rating_is_saved_counted_and_rated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: finishing a plain game for a player whose latest rating is 'lots' or
    infinite crashed after the game was counted, and --save was never written."""
    import io
    import sys

    from app.store.ratings_view import ratings_summary

    rated_games()
    before = [r.rating for r in ratings_summary().ratings if r.board == "conquest"]
    tamper(*BAD_RATINGS[:2])
    save = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("6\n2\n3\n"))
    argv = ["play", "--plain", "conquest", "--p1-name", "Ann", "--p2-name", "Bob"]
    assert main([*argv, "--save", str(save)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert save.is_file() and summary().games == 3
    ann = next(r for r in ratings_summary().ratings if r.board == "conquest")
    assert ann.changes == 3 and ann.rating > before[0]


@pytest.mark.parametrize("table", ["schema_version", "ratings_version"])
def test_a_version_changed_by_hand(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    from app.store.ratings_view import ratings_summary

    rated_games()
    tamper(f"INSERT INTO {table} (version) VALUES ('two'), (0.5), (-3)")
    assert summary().games == 2 and len(ratings_summary().ratings) == 3
    assert main(["stats", "--json"]) == 0
    capsys.readouterr()
    tamper(f"UPDATE {table} SET version = 'x'")  # no version left at all: said, no crash
    assert main(["stats"]) == 1
    assert f"{table} is unreadable" in capsys.readouterr().err
    with pytest.raises(StatsError, match="unreadable"):  # counting says so too
        won(("Ann", "Bob"), "later")


async def test_the_statistics_screen_says_how_many_rows_were_left_out() -> None:
    from textual.widgets import Static

    from app.tui.app import EquationDuelApp
    from app.tui.puzzle_stats import RatingsPanel
    from tests.app.tui_support import SIZE

    rated_games()
    _drop_checks()
    tamper(*BAD_RATINGS)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        panel = app.screen.query_one(RatingsPanel)
        lines = [str(s.render()) for s in panel.query(Static)]
        assert "(6 unreadable rating rows left out)" in lines
        summary_line = str(app.screen.query_one("#stats-summary", Static).render())
        assert summary_line.startswith("2 finished games recorded")


def test_a_statistics_file_that_is_not_a_file_is_said(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import os

    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for make, kind in ((os.mkfifo, "a pipe"), (os.mkdir, "a folder")):
        make(path)
        assert main(["stats"]) == 1
        assert f"{kind}, not a database" in capsys.readouterr().err
        with pytest.raises(StatsError, match=kind):
            won(("Ann", "Bob"), "a")
        if kind == "a folder":
            path.rmdir()
        else:
            path.unlink()
    path.symlink_to("/dev/zero")
    assert main(["stats"]) == 1
    assert "a device, not a database" in capsys.readouterr().err
