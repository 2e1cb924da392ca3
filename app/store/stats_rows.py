"""The statistics as read back: the counted games (`read_rows`, which leaves out and
counts rows changed by hand) and the tallies made of them (per player, head to head,
against the computer). `app.store.stats` opens the database."""

from __future__ import annotations

import functools
import itertools
import math
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from rules.names import strip_controls, tidy_name
from rules.records import KINDS
from rules.seat_names import counted_name


@dataclass(frozen=True)
class GameRow:
    """One counted game, as the queries read it."""

    game: str
    names: tuple[str, str]
    kinds: tuple[str, str]
    winner: int
    reason: str
    moves: int
    duration: float
    ended: str
    #: The seat played from another machine (an online game), 0 for none.
    online: int = 0

    @property
    def shown(self) -> tuple[str, str]:
        """The names as the tallies between people say them: "Bob (online)"."""
        one, two = self.names
        return (
            f"{one} (online)" if self.online == 1 else one,
            f"{two} (online)" if self.online == 2 else two,
        )


@dataclass(frozen=True)
class PlayerStats:
    """One player name in one game."""

    name: str
    game: str
    played: int
    won: int
    lost: int
    #: won / played, from 0 to 1.
    win_rate: float
    #: The current run: +3 = the last three games won, -2 = the last two lost.
    streak: int
    #: The players met online in this game and how many games with each, by name.
    met_online: tuple[tuple[str, int], ...] = ()

    @property
    def online_words(self) -> str:
        """The players met online, in words: "against Bob (online)" (all the games),
        "2 against Bob (online)" (some of them); "" for none."""
        return ", ".join(
            f"{'' if count == self.played else f'{count} '}against {name} (online)"
            for name, count in self.met_online
        )

    @property
    def shown(self) -> str:
        """The name as the players' tables say it: "Ada, against Bob (online)"."""
        return f"{self.name}, {self.online_words}" if self.met_online else self.name


@dataclass(frozen=True)
class HeadToHead:
    """Two player names (in alphabetical order) in one game."""

    first: str
    second: str
    game: str
    played: int
    first_won: int
    second_won: int


@dataclass(frozen=True)
class LevelStats:
    """A person's results in one game against one computer level."""

    name: str
    game: str
    level: str
    played: int
    won: int
    lost: int


@dataclass(frozen=True)
class Summary:
    """Everything the statistics screen and `equation-duel stats` show."""

    games: int
    players: tuple[PlayerStats, ...]
    head_to_head: tuple[HeadToHead, ...]
    against_computer: tuple[LevelStats, ...]
    #: The names that played as the computer (their rows are shown apart from people's).
    computers: tuple[str, ...] = ()
    #: Rows of the database that could not be read (changed by hand) and were left out.
    unreadable: int = 0

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def read_rows(conn: sqlite3.Connection) -> tuple[list[GameRow], int]:
    """Every counted game, oldest first, and how many rows could not be read.

    A row changed by hand (a winner that is not 1 or 2, text where a number belongs, a
    name that is not text or has nothing printable) is left out and counted, never a
    crash; names and texts are cleaned of control characters and escape sequences. A
    computer's seat is read under its level's name, whatever its row says
    (`rules.seat_names.counted_name`): never the same player as a person."""
    rows = conn.execute(
        "SELECT game, p1_name, p2_name, p1_kind, p2_kind, winner, reason, moves, duration, "
        "ended, record_id FROM games ORDER BY ended, id"
    ).fetchall()
    online = _online_seats(conn)
    readable = []
    # A class's 30 names in 4,000 seats, a few games and reasons in 2,000 rows: each
    # cleaned once.
    seat, text = functools.cache(_seat), functools.cache(strip_controls)
    for raw in rows:
        row = _row_of(raw[:10], seat, text)
        if row is not None:
            seat_online = online.get(raw[10], 0) if isinstance(raw[10], str) else 0
            readable.append(replace(row, online=seat_online) if seat_online else row)
    return readable, len(rows) - len(readable)


def _online_seats(conn: sqlite3.Connection) -> dict[str, int]:
    """The seat played from another machine, per record id (`app.online.online_stats`'
    table; a database without online games has none)."""
    found = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'online_games'"
    if conn.execute(found).fetchone() is None:
        return {}
    return {
        record_id: seat
        for record_id, seat in conn.execute("SELECT record_id, seat FROM online_games")
        if isinstance(record_id, str) and seat in (1, 2) and not isinstance(seat, bool)
    }


def _seat(name: object, kind: object) -> str | None:
    """The name a seat is counted under (`counted_name`), or None when the row's name is
    not text or has nothing printable, or its kind is not one a record has."""
    if not isinstance(name, str) or not isinstance(kind, str) or kind not in KINDS:
        return None
    tidy = tidy_name(name, "")
    return counted_name(tidy, kind) if tidy else None


def _row_of(
    raw: Sequence[Any],
    seat: Callable[[object, object], str | None] = _seat,
    text: Callable[[str], str] = strip_controls,
) -> GameRow | None:
    """The row as a GameRow, or None when it is not what `record_game` writes."""
    if len(raw) != 10:
        return None
    game, one, two, kind_one, kind_two, winner, reason, moves, duration, ended = raw
    names = (seat(one, kind_one), seat(two, kind_two))
    if (
        names[0] is None
        or names[1] is None
        or not isinstance(game, str)
        or not isinstance(reason, str)
        or not isinstance(ended, str)
        or not isinstance(winner, int)
        or isinstance(winner, bool)
        or winner not in (1, 2)
        or not isinstance(moves, int)
        or moves < 0
        or not isinstance(duration, int | float)
        or not math.isfinite(duration)
        or duration < 0
    ):
        return None
    return GameRow(
        text(game),
        (names[0], names[1]),
        (kind_one, kind_two),
        winner,
        text(reason),
        moves,
        float(duration),
        strip_controls(ended),
    )


def player_stats(rows: Iterable[GameRow]) -> list[PlayerStats]:
    """Per player name and game: played, won, win rate and the current streak."""
    results: dict[tuple[str, str], list[bool]] = defaultdict(list)
    online: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        for seat in (0, 1):
            results[(row.names[seat], row.game)].append(row.winner == seat + 1)
            if row.online == 2 - seat:  # the other seat was played from another machine
                online[(row.names[seat], row.game)][row.names[1 - seat]] += 1
    table = []
    for (name, game), wins in results.items():
        won = sum(wins)
        met = tuple(sorted(online.get((name, game), {}).items()))
        table.append(
            PlayerStats(
                name, game, len(wins), won, len(wins) - won, won / len(wins), _streak(wins), met
            )
        )
    return sorted(table, key=lambda s: (s.name.casefold(), s.name, s.game))


def _streak(wins: list[bool]) -> int:
    """The current run: +3 = the last three won, -2 = the last two lost (0: no game)."""
    last = wins[-1] if wins else False
    count = sum(1 for _ in itertools.takewhile(lambda won: won == last, reversed(wins)))
    return count if last else -count


def head_to_head(rows: Iterable[GameRow]) -> list[HeadToHead]:
    """Per pair of different names and game: how many each won against the other (a
    player met online is said "Bob (online)", apart from games on this machine)."""
    pairs: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        one, two = row.shown
        if row.names[0] == row.names[1]:
            continue
        first, second = sorted((one, two))
        winner = row.shown[row.winner - 1]
        pairs[(first, second, row.game)][0 if winner == first else 1] += 1
    return [
        HeadToHead(first, second, game, a + b, a, b)
        for (first, second, game), (a, b) in sorted(pairs.items())
    ]


def against_computer(rows: Iterable[GameRow]) -> list[LevelStats]:
    """Per person, game and computer level: played, won and lost."""
    tally: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        for seat in (0, 1):
            opponent = 1 - seat
            if row.kinds[seat] != "human" or row.kinds[opponent] == "human":
                continue
            key = (row.names[seat], row.game, row.kinds[opponent])
            tally[key][0 if row.winner == seat + 1 else 1] += 1
    return [
        LevelStats(name, game, level, won + lost, won, lost)
        for (name, game, level), (won, lost) in sorted(tally.items())
    ]
