"""What the teacher's report holds, read from this machine only.

- Games, wins and losses per game: the statistics database (`stats.sqlite3`, app.store.stats),
  games a person played (not the computer's seats), since the date asked.
- Accuracy and mistakes: every finished game of the period, each judged once by the
  solver (app.classroom.report.accuracy) as it was kept and its judgement stored in the
  same database (app.classroom.report.judged, app.store.judged_games), so a game whose file
  was dropped since is still in the report. A game on this machine not judged yet (kept
  before judgements were stored, or copied in: the saves folder and the `finished/`
  folder, `app.store.finished_games.list_games`) is judged here once and stored.
- Puzzles solved per difficulty and the daily puzzles done: the `puzzle_results` table;
  the puzzle rating and its history: the `ratings` table (both in the same database).
Rows changed by hand are left out (as the statistics do), never shown raw.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from app.classroom.report.accuracy import Judged
from app.classroom.report.judged import ended_text, judged_from_text, judged_text
from app.store.data_folder import saves_dir
from app.store.finished_games import finished_dir, list_games
from app.store.judged_games import judged_ids, open_judged, read_judged, store_judged
from app.store.ratings import PUZZLE_BOARD
from app.store.ratings_db import UNNAMED, open_ratings
from app.store.ratings_view import ratings_summary
from app.store.stats import (
    Stamp,
    StatsError,
    failing_as,
    files_stamp,
    read_game_rows,
    stats_path,
)
from rules.names import tidy_name

DIFFICULTIES = ("easy", "medium", "hard")

#: The report of a name (None: a name the report leaves out).
_Person = Callable[[str], "PlayerReport | None"]


@dataclass
class GameLine:
    game: str
    played: int = 0
    won: int = 0

    @property
    def lost(self) -> int:
        return self.played - self.won


@dataclass
class PlayerReport:
    name: str
    games: dict[str, GameLine] = field(default_factory=dict)
    judged: Judged = field(default_factory=lambda: Judged(games=0))
    #: difficulty → (solved, tried)
    puzzles: dict[str, list[int]] = field(default_factory=dict)
    puzzle_rating: int | None = None
    rating_history: tuple[int, ...] = ()
    daily_done: int = 0
    daily_solved: int = 0
    #: Each game's rating after each change, oldest first (the statistics' last 30).
    game_ratings: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Each judged game in the order played: (when, moves that kept the best value, moves).
    accuracy_history: list[tuple[str, int, int]] = field(default_factory=list)

    def top_mistakes(self, count: int = 3) -> list[tuple[tuple[str, str], int]]:
        return self.judged.mistakes.most_common(count)


@dataclass(frozen=True)
class Report:
    players: tuple[PlayerReport, ...]
    since: dt.date | None
    database: Path
    #: Where game records not judged yet are read: the saves folder, the finished games'.
    records_folders: tuple[Path, ...]
    #: The finished games of the period whose moves were judged.
    records_read: int
    #: The one player asked for (`--player`), or None: everyone.
    asked: str | None = None


def data_stamp() -> Stamp:
    """What the report reads, as it stands now: the statistics, the saves and the
    finished games (`files_stamp`): the same stamp, the same report."""
    return files_stamp(saves_dir(), finished_dir())


def _after(text: str, since: dt.date | None) -> bool:
    return since is None or text[:10] >= since.isoformat()


def gather(player: str | None = None, since: dt.date | None = None) -> Report:
    """The report for every person on this machine (or only `player`, ignoring case)."""
    people: dict[str, PlayerReport] = {}

    def person(name: str) -> PlayerReport | None:
        found = people.get(name)
        if found is not None:
            return found
        if name in UNNAMED or (player is not None and name.casefold() != player.casefold()):
            return None
        found = people[name] = PlayerReport(name)  # (once a name: 4,000 rows, 30 pupils)
        return found

    path = stats_path()
    if path.exists():
        _read_games(path, since, person)
        _read_puzzles(since, person)
    records = 0
    for when, found in _judged_games(since):
        records += 1
        for name, judged in found.items():
            someone = person(name)
            if someone is not None:
                someone.judged.add(judged)
                if judged.moves:
                    someone.accuracy_history.append((when, judged.accurate, judged.moves))
    if path.exists():
        for line in ratings_summary().ratings:  # the rating now, for those in the report
            if line.player not in people:
                continue
            if line.board == PUZZLE_BOARD:
                people[line.player].puzzle_rating = line.rating
                people[line.player].rating_history = line.history
            else:
                people[line.player].game_ratings[line.board] = line.history
    for someone in people.values():
        someone.accuracy_history.sort()
    ordered = tuple(sorted(people.values(), key=lambda p: p.name.casefold()))
    return Report(ordered, since, path, (saves_dir(), finished_dir()), records, player)


def _judged_games(since: dt.date | None) -> list[tuple[str, dict[str, Judged]]]:
    """(when it ended, each person's judgement) of every finished game of the period,
    the newest first: the judgements stored, after judging (and storing) the games on
    this machine not judged yet. A database that cannot be written: those games are
    judged for this report only."""
    try:
        conn = open_judged()
    except StatsError:
        conn = None
    try:
        known = judged_ids(conn) if conn is not None else set()
        fresh: dict[str, tuple[str, str, str, str]] = {}
        for kept in list_games():  # (a saved copy first: its record id then known)
            record = kept.record
            if record is None or record.result is None or record.id in known:
                continue
            if record.id not in fresh:
                row = (record.id, record.game, ended_text(record), judged_text(record))
                fresh[record.id] = row
        if conn is not None and fresh:
            try:
                store_judged(conn, list(fresh.values()))
            except StatsError:
                conn = None
        if conn is None:
            rows = [(row[0], row[2], row[3]) for row in fresh.values()]
            rows.sort(key=lambda row: row[1], reverse=True)
        else:
            rows = read_judged(conn, "" if since is None else since.isoformat())
    finally:
        if conn is not None:
            conn.close()
    judged = [(when, judged_from_text(text)) for _, when, text in rows if _after(when, since)]
    return [(when, found) for when, found in judged if found is not None]


def _read_games(path: Path, since: dt.date | None, person: _Person) -> None:
    rows, _ = read_game_rows(path)
    for row in rows:
        if not _after(row.ended, since):
            continue
        for seat in (0, 1):
            if row.kinds[seat] != "human":
                continue
            found = person(row.names[seat])
            if found is None:
                continue
            line = found.games.setdefault(row.game, GameLine(row.game))
            line.played += 1
            line.won += int(row.winner == seat + 1)


def _read_puzzles(since: dt.date | None, person: _Person) -> None:
    with closing(open_ratings()) as conn, failing_as("read the puzzles"):
        rows = conn.execute(
            "SELECT player, difficulty, solved, daily, at FROM puzzle_results ORDER BY id"
        ).fetchall()
    daily: dict[str, Counter[str]] = defaultdict(Counter)
    for raw_name, difficulty, solved, day, at in rows:
        if not isinstance(raw_name, str) or solved not in (0, 1) or not isinstance(at, str):
            continue
        if difficulty not in DIFFICULTIES or not _after(at, since):
            continue
        found = person(tidy_name(raw_name, ""))
        if found is None:
            continue
        tally = found.puzzles.setdefault(difficulty, [0, 0])
        tally[0] += solved
        tally[1] += 1
        if isinstance(day, str):
            daily[found.name][day] = max(daily[found.name][day], solved)
    for name, days in daily.items():
        people_report = person(name)
        if people_report is not None:
            people_report.daily_done = len(days)
            people_report.daily_solved = sum(days.values())
