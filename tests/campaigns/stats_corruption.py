"""The statistics database changed by hand (issue 29): a target of the corruption
campaign (tests/campaigns/folder_corruption.py runs it). Rows of `games`, `ratings`,
`puzzle_results` and the version tables are changed, then the statistics and ratings
are read, a game and a puzzle counted, and a plain game finished with `--save`: its
record must be written and the game counted, or the database refused in words."""

from __future__ import annotations

import contextlib
import io
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

from tests.campaigns.folder_corruption import HANG_SECONDS, HangTally

_TABLES: dict[str, tuple[str, ...]] = {
    "games": ("p1_name", "p2_name", "winner", "moves", "duration", "p1_kind", "game"),
    "ratings": ("player", "board", "mu", "sigma", "won"),
    "puzzle_results": ("player", "solved", "rated", "daily", "difficulty"),
    "schema_version": ("version",),
    "ratings_version": ("version",),
}
#: The version tables are picked less often (a bad version refuses the whole database).
_TABLE_CHOICES = (
    ["games"] * 4
    + ["ratings"] * 4
    + ["puzzle_results"] * 4
    + [
        "schema_version",
        "ratings_version",
    ]
)
_SQL_VALUES = [
    "'lots'",
    "9e999",
    "-9e999",
    "1e300",
    "-1",
    "0",
    "7",
    "0.5",
    "X'00FF'",
    "''",
    "char(27) || ']0;owned' || char(7) || 'Eve'",
    "char(27) || '[2J'",
    "'chess'",
    "1500",
]


def _finished_game(names: tuple[str, str], record_id: str) -> Any:
    from rules.records import players_of, record_from_moves

    record = record_from_moves("conquest", None, ["6", "2", "3"], players_of(names))
    return record.model_copy(update={"id": record_id})


def _fresh_database() -> None:
    from app.store.ratings import record_game, record_puzzle
    from app.store.ratings_db import open_ratings
    from app.store.stats import stats_path
    from rules.puzzles.bank import puzzles_of

    with contextlib.suppress(FileNotFoundError):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{stats_path()}{suffix}").unlink()
    for number, names in enumerate((("Ann", "Bob"), ("Bob", "Cy"), ("Ann", "Cy"))):
        record_game(_finished_game(names, f"base-{number}"))
    conn = open_ratings()
    try:
        for puzzle in puzzles_of("fifty")[:2]:
            record_puzzle(conn, "Ann", puzzle, solved=True, rated=True, daily="2026-01-31")
        conn.execute("PRAGMA writable_schema = ON")
        for check in ("CHECK (winner IN (1, 2))", "CHECK (won IN (0, 1))"):
            conn.execute("UPDATE sqlite_master SET sql = replace(sql, ?, '')", (check,))
        for check in ("CHECK (solved IN (0, 1))", "CHECK (rated IN (0, 1))"):
            conn.execute("UPDATE sqlite_master SET sql = replace(sql, ?, '')", (check,))
    finally:
        conn.close()


def _tamper(rng: random.Random) -> str:
    from app.store.stats import stats_path

    conn = sqlite3.connect(stats_path())
    done = []
    try:
        for _ in range(rng.randint(1, 3)):
            table = rng.choice(_TABLE_CHOICES)
            column = rng.choice(_TABLES[table])
            value = rng.choice(_SQL_VALUES)
            with contextlib.suppress(sqlite3.Error):  # a NOT NULL kept: the edit is refused
                with conn:
                    conn.execute(
                        f"UPDATE {table} SET {column} = {value} "
                        f"WHERE rowid = (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)"
                    )
                done.append(f"{table}.{column} = {value}")
    finally:
        conn.close()
    return "; ".join(done) or "nothing"


def against_statistics(rng: random.Random, count: int, scratch: Path) -> HangTally:
    from app.store.stats import StatsError

    tally = HangTally("statistics: rows and versions changed by hand")
    fresh = True
    for number in range(count):
        if fresh or number % 20 == 0:
            _fresh_database()
        what = _tamper(rng)
        tally.tried += 1
        started = time.monotonic()
        try:
            outcome = _use_statistics(number, scratch)
        except StatsError:
            outcome = "refused"
        except BaseException as error:  # the campaign counts it
            tally.crash(f"{what}: {type(error).__name__}: {error}")
            continue
        if time.monotonic() - started > HANG_SECONDS:
            tally.hang(f"{what}: {time.monotonic() - started:.1f} s")
        fresh = outcome != "ok"  # a refused database is made anew for the next case
        if outcome == "refused":
            tally.refused += 1
        elif outcome == "ok":
            tally.loaded += 1
        else:
            tally.loss(f"{what}: {outcome}")
    tally.labels = ("said it cannot", "read and counted")
    return tally


def _use_statistics(number: int, scratch: Path) -> str:
    """Read everything, count a game and a puzzle, finish a plain game with --save:
    "ok", "refused" (a StatsError raised), or what was lost."""
    from app.cli.main import main
    from app.store.ratings import record_game, record_puzzle
    from app.store.ratings_db import open_ratings
    from app.store.ratings_view import format_ratings, ratings_summary
    from app.store.stats import summary
    from app.store.stats_text import format_summary
    from rules.puzzles.bank import puzzles_of

    text = format_summary(summary()) + format_ratings(ratings_summary())
    if "\x1b" in text or "\x07" in text:
        return "terminal codes in the statistics' text"
    before = summary().games
    record_game(_finished_game(("Ann", "Bob"), f"new-{number}"))
    if summary().games != before + 1:
        return "a game counted but not in the statistics"
    conn = open_ratings()
    try:
        record_puzzle(conn, "Ann", puzzles_of("template")[0], solved=bool(number % 2), rated=True)
    finally:
        conn.close()
    if number % 5 == 0:  # a plain game: its --save record is written whatever the database
        save = scratch / "plain.json"
        with contextlib.suppress(FileNotFoundError):
            save.unlink()
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        try:
            sys.stdin = io.StringIO("6\n2\n3\n")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                argv = ["play", "--plain", "conquest", "--p1-name", "Ann", "--p2-name", "Bob"]
                code = main([*argv, "--save", str(save)])
        finally:
            sys.stdin = stdin
        if code != 0 or not save.is_file():
            return f"play --plain --save: exit {code}, saved {save.is_file()}"
    return "ok"
