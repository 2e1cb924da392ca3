"""Reading the ratings back (for `stats` and the statistics screen): a row changed by hand
is left out and counted (`unreadable`); names are cleaned as the games' names are.
"""

from __future__ import annotations

import datetime as dt
import functools
import sqlite3
from collections import defaultdict
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from app.store.ratings import START, readable_rating
from app.store.ratings_db import open_ratings
from app.store.stats import failing_as, stats_path
from rules.names import tidy_name
from rules.registry import GAME_IDS

#: The history kept per rating for the sparkline (the most recent changes).
HISTORY = 30

_BARS = "▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class RatingLine:
    player: str
    #: "puzzles" or a game id.
    board: str
    rating: int
    #: The rating after each change, oldest first (the last `HISTORY`), the start first.
    history: tuple[int, ...]
    changes: int


@dataclass(frozen=True)
class PuzzleLine:
    player: str
    tried: int
    solved: int
    #: Puzzles solved in a row, now and at best.
    streak: int
    best_streak: int


@dataclass(frozen=True)
class DailyLine:
    player: str
    date: str
    solved: bool


@dataclass(frozen=True)
class RatingsSummary:
    ratings: tuple[RatingLine, ...]
    puzzles: tuple[PuzzleLine, ...]
    daily: tuple[DailyLine, ...]
    #: Rows of the ratings' tables that could not be read (changed by hand), left out.
    unreadable: int = 0

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


EMPTY = RatingsSummary((), (), ())


def ratings_summary(path: Path | str | None = None, today: dt.date | None = None) -> RatingsSummary:
    """Everything rated so far; empty (nothing created) when there is no database."""
    path = stats_path() if path is None else Path(path)
    if not path.exists():
        return EMPTY
    with closing(open_ratings(path)) as conn, failing_as("read the ratings"):
        return _read(conn, (today or dt.date.today()).isoformat())


def _read(conn: sqlite3.Connection, today: str) -> RatingsSummary:
    unreadable = 0
    name_of = functools.cache(_name)  # (a class's 30 names in 4,000 rows: each cleaned once)
    histories: dict[tuple[str, str], list[int]] = defaultdict(list)
    for player, board, mu, sigma in conn.execute(
        "SELECT player, board, mu, sigma FROM ratings ORDER BY id"
    ):
        name = name_of(player)
        rating = readable_rating(mu, sigma)
        if name is None or not _is_board(board) or rating is None:
            unreadable += 1
            continue
        histories[(name, board)].append(rating.shown)
    ratings = tuple(
        RatingLine(player, board, shown[-1], (START.shown, *shown)[-HISTORY:], len(shown))
        for (player, board), shown in sorted(histories.items(), key=lambda kv: _order(kv[0]))
    )
    results: dict[str, list[bool]] = defaultdict(list)
    for player, solved in conn.execute(
        "SELECT player, solved FROM puzzle_results WHERE rated = 1 ORDER BY id"
    ):
        name = name_of(player)
        if name is None or not _is_flag(solved):
            unreadable += 1
            continue
        results[name].append(bool(solved))
    puzzles = tuple(
        PuzzleLine(player, len(tries), sum(tries), *_streaks(tries))
        for player, tries in sorted(results.items(), key=lambda kv: kv[0].casefold())
    )
    solved_today: dict[str, bool] = {}
    for player, solved in conn.execute(
        "SELECT player, solved FROM puzzle_results WHERE daily = ? ORDER BY id", (today,)
    ):
        name = name_of(player)
        if name is not None and _is_flag(solved):  # counted above when rated
            solved_today[name] = solved_today.get(name, False) or bool(solved)
    daily = tuple(DailyLine(name, today, solved) for name, solved in sorted(solved_today.items()))
    return RatingsSummary(ratings, puzzles, daily, unreadable)


def _name(value: object) -> str | None:
    """A stored name, cleaned (None when it is not text or has nothing printable)."""
    return (tidy_name(value, "") or None) if isinstance(value, str) else None


def _is_board(value: object) -> bool:
    return value == "puzzles" or value in GAME_IDS


def _is_flag(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)


def _order(key: tuple[str, str]) -> tuple[str, int, str]:
    player, board = key
    rank = GAME_IDS.index(board) + 1 if board in GAME_IDS else 0
    return (player.casefold(), rank, board)


def _streaks(tries: list[bool]) -> tuple[int, int]:
    best = run = 0
    for solved in tries:
        run = run + 1 if solved else 0
        best = max(best, run)
    return run, best


def sparkline(values: tuple[int, ...] | list[int]) -> str:
    """A rating history as one line of bars (`▁▃▅█`), for the terminal."""
    low, span = min(values, default=0), max(values, default=0) - min(values, default=0)
    return "".join(_BARS[round((v - low) * (len(_BARS) - 1) / span) if span else 0] for v in values)


def unreadable_ratings_text(count: int) -> str:
    """`2 unreadable rating rows left out` (empty for none)."""
    if count <= 0:
        return ""
    return f"{count} unreadable rating {'row' if count == 1 else 'rows'} left out"


def format_ratings(found: RatingsSummary) -> str:
    """The ratings as text (what `equation-duel stats` prints after the games)."""
    left_out = unreadable_ratings_text(found.unreadable)
    if not found.ratings and not found.puzzles:
        empty = "No ratings yet: name yourself and play a game or a puzzle."
        return "\n".join([empty, *([left_out] if left_out else [])])
    lines = ["Ratings", *([f"  ({left_out})"] if left_out else [])]
    lines += [
        f"  {r.player}  {r.board}  {r.rating}  ({r.changes} rated)  {sparkline(r.history)}"
        for r in found.ratings
    ]
    if found.puzzles:
        lines += ["", "Puzzles"]
        lines += [
            f"  {p.player}  solved {p.solved} of {p.tried}  streak {p.streak} (best {p.best_streak})"
            for p in found.puzzles
        ]
    if found.daily:
        lines += ["", f"Today's puzzle ({found.daily[0].date})"]
        lines += [f"  {d.player}  {'solved' if d.solved else 'not solved'}" for d in found.daily]
    return "\n".join(lines)
