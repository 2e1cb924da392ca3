"""A statistics database changed by hand (issue 10, item 8): rows that are not what the
program writes are left out and counted; the others are all kept; names read back are
cleaned of terminal codes (item 3)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from app.cli import main
from app.stats import connect, format_summary, record_game, stats_path, summary
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
