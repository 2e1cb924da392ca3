"""Training results per player in the statistics database, in tables with their own
version (`training_version`): streaks and storms run, puzzles to review ("Your
mistakes", "Try again"), finished games waiting to be searched for mistakes, and daily
tries. A tampered row is left out, never a crash.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import sqlite3
from dataclasses import dataclass
from typing import Any, Literal

from app.store.ratings_db import RATINGS, is_named, now_text
from app.store.stats import Part, StatsError, failing_as, write_transaction
from rules.puzzles.bank_file import puzzle_from_json
from rules.puzzles.mistakes import mistakes
from rules.puzzles.model import Puzzle

Mode = Literal["streak", "storm"]
Kind = Literal["mistake", "failed"]

#: One migration per version, in order: never edit one that has shipped, add the next.
TRAINING_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE training_runs (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            mode TEXT NOT NULL,
            scope TEXT NOT NULL,
            score INTEGER NOT NULL,
            combo INTEGER NOT NULL,
            day TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX training_runs_by_player ON training_runs (player, mode)",
        """CREATE TABLE review_puzzles (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            kind TEXT NOT NULL,
            puzzle_id TEXT NOT NULL,
            puzzle TEXT NOT NULL,
            solved INTEGER NOT NULL DEFAULT 0,
            at TEXT NOT NULL,
            UNIQUE (player, kind, puzzle_id)
        )""",
        """CREATE TABLE finished_games (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            seat INTEGER NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            moves TEXT NOT NULL,
            searched INTEGER NOT NULL DEFAULT 0,
            at TEXT NOT NULL
        )""",
        """CREATE TABLE daily_tries (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            day TEXT NOT NULL,
            game TEXT NOT NULL,
            solved INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            at TEXT NOT NULL
        )""",
    ),
)

#: Finished games searched for mistakes at one time at most (the newest first).
SEARCH_AT_ONCE = 10
#: Puzzles listed for review at most.
REVIEW_MAX = 200


#: Opened with the ratings' tables (a puzzle's result moves a rating).
TRAINING = Part(
    "training_version",
    TRAINING_MIGRATIONS,
    "the training results",
    newer="the training results are",
    needs=RATINGS,
)
open_training = TRAINING.open


def _write(conn: sqlite3.Connection, sql: str, values: tuple[Any, ...]) -> None:
    with failing_as("keep the training result"), write_transaction(conn):
        conn.execute(sql, values)


def _read(conn: sqlite3.Connection, sql: str, values: tuple[Any, ...]) -> list[Any]:
    with failing_as("read the training results"):
        return conn.execute(sql, values).fetchall()


def _count(value: object) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9
    return value if ok else None  # type: ignore[return-value]


@dataclass(frozen=True)
class Bests:
    """A player's best score ever and today (None: no run yet) for one mode."""

    best: int | None
    today: int | None


def record_run(
    conn: sqlite3.Connection,
    player: str,
    mode: Mode,
    scope: str,
    score: int,
    combo: int = 0,
    day: dt.date | None = None,
) -> Bests:
    """Keep a finished streak or storm; the bests with it counted."""
    today = (day or dt.date.today()).isoformat()
    _write(
        conn,
        "INSERT INTO training_runs (player, mode, scope, score, combo, day, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (player, mode, scope, score, combo, today, now_text()),
    )
    return bests(conn, player, mode, day)


def bests(conn: sqlite3.Connection, player: str, mode: Mode, day: dt.date | None = None) -> Bests:
    """The player's best score in `mode`, ever and on `day` (today)."""
    today = (day or dt.date.today()).isoformat()
    rows = _read(
        conn, "SELECT score, day FROM training_runs WHERE player = ? AND mode = ?", (player, mode)
    )
    scores = [(s, d) for s, d in ((_count(s), d) for s, d in rows) if s is not None]
    best = max((s for s, _ in scores), default=None)
    best_today = max((s for s, d in scores if d == today), default=None)
    return Bests(best, best_today)


def keep_for_review(conn: sqlite3.Connection, player: str, puzzle: Puzzle, kind: Kind) -> None:
    """Keep a puzzle to come back to (once per player, kind and position)."""
    _write(
        conn,
        "INSERT INTO review_puzzles (player, kind, puzzle_id, puzzle, at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (player, kind, puzzle_id) DO UPDATE SET solved = 0",
        (player, kind, puzzle.id, json.dumps(puzzle.to_bank()), now_text()),
    )


def review_list(conn: sqlite3.Connection, player: str, kind: Kind) -> list[Puzzle]:
    """The player's puzzles of `kind` not solved since, oldest first."""
    rows = _read(
        conn,
        "SELECT puzzle FROM review_puzzles WHERE player = ? AND kind = ? AND solved = 0 "
        "ORDER BY id LIMIT ?",
        (player, kind, REVIEW_MAX),
    )
    found = (puzzle_from_json(text) for (text,) in rows)
    return [puzzle for puzzle in found if puzzle is not None]


def reviewed(conn: sqlite3.Connection, player: str, puzzle_id: str) -> None:
    """A kept puzzle was solved: it leaves the lists."""
    _write(
        conn,
        "UPDATE review_puzzles SET solved = 1 WHERE player = ? AND puzzle_id = ?",
        (player, puzzle_id),
    )


def keep_finished_game(
    conn: sqlite3.Connection,
    player: str,
    seat: int,
    game: str,
    options: dict[str, Any],
    moves: list[str],
) -> None:
    """A named person's finished game, to be searched for mistakes later (it is cheap
    here: the solver runs when "Your mistakes" is opened)."""
    _write(
        conn,
        "INSERT INTO finished_games (player, seat, game, options, moves, at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (player, seat, game, json.dumps(options), json.dumps(moves), now_text()),
    )


def unsearched(conn: sqlite3.Connection, player: str) -> int:
    """How many finished games `search_mistakes` will search now (`SEARCH_AT_ONCE` at most)."""
    sql = "SELECT COUNT(*) FROM finished_games WHERE player = ? AND searched = 0"
    return min(_count(_read(conn, sql, (player,))[0][0]) or 0, SEARCH_AT_ONCE)


def search_mistakes(conn: sqlite3.Connection, player: str) -> int:
    """Search the player's finished games not searched yet (the newest `SEARCH_AT_ONCE`)
    for mistakes and keep them for review; how many were found."""

    rows = _read(
        conn,
        "SELECT id, seat, game, options, moves FROM finished_games "
        "WHERE player = ? AND searched = 0 ORDER BY id DESC LIMIT ?",
        (player, SEARCH_AT_ONCE),
    )
    found = 0
    for row_id, seat, game, options, moves in rows:
        try:
            puzzles = mistakes(game, json.loads(options), list(json.loads(moves)), seat)
        except Exception:  # a tampered row: nothing to learn from it
            puzzles = []
        for puzzle in puzzles:
            keep_for_review(conn, player, puzzle, "mistake")
        found += len(puzzles)
        _write(conn, "UPDATE finished_games SET searched = 1 WHERE id = ?", (row_id,))
    return found


def record_daily(
    conn: sqlite3.Connection, player: str, day: dt.date, game: str, solved: bool, hints: int
) -> None:
    _write(
        conn,
        "INSERT INTO daily_tries (player, day, game, solved, hints, at) VALUES (?, ?, ?, ?, ?, ?)",
        (player, day.isoformat(), game, int(solved), hints, now_text()),
    )


def share_line(conn: sqlite3.Connection, player: str, day: dt.date, game: str) -> str:
    """The day's result without the answer, to share:
    `Equation Duel 2026-11-26 · template · solved first try · 0 hints`."""
    rows = _read(
        conn,
        "SELECT solved, hints FROM daily_tries WHERE player = ? AND day = ? ORDER BY id",
        (player, day.isoformat()),
    )
    tries = [
        (bool(s), h)
        for s, h in ((_count(s), _count(h)) for s, h in rows)
        if s in (0, 1) and h is not None
    ]
    head = f"Equation Duel {day.isoformat()} · {game}"
    if not tries:
        return f"{head} · not tried yet"
    hints = sum(h for _, h in tries)
    unit = "hint" if hints == 1 else "hints"
    solved_at = next((n for n, (s, _) in enumerate(tries, start=1) if s), None)
    if solved_at is None:
        count = len(tries)
        return f"{head} · not solved ({count} {'try' if count == 1 else 'tries'}) · {hints} {unit}"
    how = "solved first try" if solved_at == 1 else f"solved in {solved_at} tries"
    return f"{head} · {how} · {hints} {unit}"


def daily_streak(
    conn: sqlite3.Connection, player: str, today: dt.date | None = None
) -> tuple[int, int]:
    """Days in a row the player solved the daily puzzle (now: ending today or yesterday),
    and the best such run."""
    today = today or dt.date.today()
    sql = "SELECT DISTINCT day FROM daily_tries WHERE player = ? AND solved = 1"
    days: set[dt.date] = set()
    for (text,) in _read(conn, sql, (player,)):
        with contextlib.suppress(TypeError, ValueError):
            days.add(dt.date.fromisoformat(text))
    one = dt.timedelta(days=1)

    def run_to(day: dt.date) -> int:
        """The days in a row solved, ending on `day`."""
        run = 0
        while day - one * run in days:
            run += 1
        return run

    best = max((run_to(day) for day in days if day + one not in days), default=0)
    return run_to(today if today in days else today - one), best


def keep_record_for_mistakes(conn: sqlite3.Connection, record: Any) -> None:
    """A finished single game by named people, kept for each of them to be searched for
    mistakes later (inside the caller's transaction; a match is left out)."""
    if record.result is None or record.best_of != 1 or len(record.rounds) > 1:
        return
    moves = [entry.move for entry in record.moves]
    # never at the cost of the game's count: a failure here undoes only this part
    conn.execute("SAVEPOINT keep_mistakes")
    try:
        TRAINING.migrate(conn)
        for seat, info in enumerate(record.players, start=1):
            if info.kind == "human" and is_named(info.name):
                keep_finished_game(conn, info.name, seat, record.game, dict(record.options), moves)
    except (sqlite3.Error, StatsError):
        conn.execute("ROLLBACK TO keep_mistakes")
    conn.execute("RELEASE keep_mistakes")


def training_lines(conn: sqlite3.Connection, today: dt.date | None = None) -> list[str]:
    """Each player's training in words, for the statistics: the daily puzzles solved in a
    row (now and best), the best streak, the best storm (and today's)."""
    sql = "SELECT player FROM daily_tries UNION SELECT player FROM training_runs"
    names = {name for (name,) in _read(conn, sql, ()) if isinstance(name, str) and name.strip()}
    lines: list[str] = []
    for name in sorted(names, key=str.casefold):
        parts: list[str] = []
        now, best = daily_streak(conn, name, today)
        if best:
            days = "day" if now == 1 else "days"
            parts.append(f"daily puzzle solved {now} {days} in a row (best {best})")
        streak = bests(conn, name, "streak", today).best
        if streak is not None:
            parts.append(f"best streak {streak}")
        storm = bests(conn, name, "storm", today)
        if storm.best is not None:
            day = f", today {storm.today}" if storm.today is not None else ""
            parts.append(f"best storm {storm.best}{day}")
        if parts:
            lines.append(f"{name}: " + " · ".join(parts))
    return lines
