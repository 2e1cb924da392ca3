"""Ratings: a puzzle rating and a game rating per game for every named player.

openskill's Weng–Lin (Plackett–Luce) model on a familiar scale: a new player starts at
1500 ± 350; a rating shown is the mean, rounded. A named person against a computer level
is rated against that level's fixed rating (`COMPUTER_RATINGS`), a puzzle's first try
against the puzzle's (`PUZZLE_RATINGS`); default names are not rated.

Every change is a row in `ratings`, read and written in one write transaction, so two
apps finishing games at once never lose one another's update. A row changed by hand is
passed over: the latest readable row is the rating.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache
from typing import Any

from app.store.ratings_db import is_named, migrate_ratings, now_text, open_ratings
from app.store.stats import StatsError, failing_as, insert_game, write_transaction
from rules.records import GameRecord

#: A new player's rating and its uncertainty.
START_MU = 1500.0
START_SIGMA = 350.0
#: The uncertainty of a fixed rating (a computer level, a puzzle): it does not move.
FIXED_SIGMA = 1.0

#: Fixed puzzle ratings by difficulty.
PUZZLE_RATINGS: dict[str, float] = {"easy": 1300.0, "medium": 1500.0, "hard": 1700.0}

#: The computer levels' fixed ratings per game (`python bench/puzzles.py calibrate`).
COMPUTER_RATINGS: dict[str, dict[str, float]] = {
    "collect": {"easy": 878.0, "medium": 1500.0, "perfect": 1884.0},
    "template": {"easy": 1319.0, "medium": 1500.0, "perfect": 2407.0},
    "fifty": {"easy": 1071.0, "medium": 1500.0, "perfect": 2581.0},
    "conquest": {"easy": 1260.0, "medium": 1500.0, "perfect": 1500.0},
    "countdown": {"easy": 593.0, "medium": 1500.0, "perfect": 1500.0},
}

#: The board of the puzzle rating (the game ratings' boards are the game ids).
PUZZLE_BOARD = "puzzles"

#: The range a stored mu or sigma must be in to be read (sigma above 0).
MAX_RATING = 1e6


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        return round(self.mu)


START = Rating(START_MU, START_SIGMA)


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce  # imported when a rating first changes

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def updated(player: Rating, opponent: Rating, won: bool) -> Rating:
    """The player's rating after a game against `opponent` (openskill's update)."""
    model = _model()
    mine = model.rating(mu=player.mu, sigma=player.sigma)
    theirs = model.rating(mu=opponent.mu, sigma=opponent.sigma)
    [[after], _] = model.rate([[mine], [theirs]], ranks=[0, 1] if won else [1, 0])
    return Rating(float(after.mu), float(after.sigma))


def readable_rating(mu: object, sigma: object) -> Rating | None:
    """The stored pair as a Rating, or None when it was changed by hand (not a number,
    not finite, out of range, a sigma that is not above 0)."""
    if isinstance(mu, bool) or isinstance(sigma, bool):
        return None
    if not (isinstance(mu, int | float) and isinstance(sigma, int | float)):
        return None
    mu_value, sigma_value = float(mu), float(sigma)
    if abs(mu_value) <= MAX_RATING and 0 < sigma_value <= MAX_RATING:  # (not nan, not inf)
        return Rating(mu_value, sigma_value)
    return None


def current(conn: sqlite3.Connection, player: str, board: str) -> Rating:
    """The player's latest readable rating on the board (START before any)."""
    rows = conn.execute(
        "SELECT mu, sigma FROM ratings WHERE player = ? AND board = ? ORDER BY id DESC",
        (player, board),
    )
    for mu, sigma in rows:
        found = readable_rating(mu, sigma)
        if found is not None:
            return found
    return START


def _save(
    conn: sqlite3.Connection,
    player: str,
    board: str,
    rating: Rating,
    opponent: str,
    won: bool,
    source: str,
) -> None:
    conn.execute(
        "INSERT INTO ratings (player, board, mu, sigma, opponent, won, source, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (player, board, rating.mu, rating.sigma, opponent, int(won), source, now_text()),
    )


def computer_rating(game_id: str, level: str) -> Rating | None:
    found = COMPUTER_RATINGS.get(game_id, {}).get(level)
    return None if found is None else Rating(found, FIXED_SIGMA)


def record_game(record: GameRecord, conn: sqlite3.Connection | None = None) -> bool:
    """Count a finished game in the statistics and move its rated players' ratings, in
    one write transaction; False when this game was counted already (ValueError for an
    unfinished record, StatsError when the database fails)."""
    if record.result is None:
        raise ValueError("only a finished game is counted in the statistics")
    db = open_ratings() if conn is None else conn
    try:
        migrate_ratings(db)
        with write_transaction(db):
            counted = insert_game(db, record)
            if counted:
                rate_game(db, record)
                from app.training.puzzle_store import keep_record_for_mistakes  # "Your mistakes"

                keep_record_for_mistakes(db, record)
        return counted
    except sqlite3.Error as error:
        raise StatsError(f"cannot record the game: {error}") from None
    finally:
        if conn is None:
            db.close()


def rate_game(conn: sqlite3.Connection, record: Any) -> dict[str, tuple[Rating, Rating]]:
    """Move the ratings of a finished game's rated players: {name: (before, after)}, read
    and written in one write transaction (the caller's, when one is open)."""
    if record.result is None:
        return {}
    migrate_ratings(conn)
    with failing_as("rate the game"), write_transaction(conn):
        return _rate(conn, record)


def _rate(conn: sqlite3.Connection, record: Any) -> dict[str, tuple[Rating, Rating]]:
    players = record.players
    winner = record.result.winner
    before: dict[int, Rating] = {}
    for seat, info in enumerate(players):
        if info.kind != "human":
            rating = computer_rating(record.game, info.kind)
        else:
            rating = current(conn, info.name, record.game) if is_named(info.name) else None
        if rating is not None:
            before[seat] = rating
    humans = [s for s in (0, 1) if players[s].kind == "human" and s in before]
    if len(before) < 2 or not humans or players[0].name == players[1].name:
        return {}
    changes: dict[str, tuple[Rating, Rating]] = {}
    for seat in humans:
        won = winner == seat + 1
        after = updated(before[seat], before[1 - seat], won)
        opponent = players[1 - seat]
        label = opponent.name if opponent.kind == "human" else f"computer ({opponent.kind})"
        _save(conn, players[seat].name, record.game, after, label, won, record.id)
        changes[players[seat].name] = (before[seat], after)
    return changes


def record_puzzle(
    conn: sqlite3.Connection,
    player: str,
    puzzle: Any,
    solved: bool,
    rated: bool,
    daily: str | None = None,
) -> tuple[Rating, Rating] | None:
    """Count a puzzle tried; a rated try by a named player moves the puzzle rating
    ((before, after), or None when no rating moved)."""
    migrate_ratings(conn)
    rated = rated and is_named(player)
    with failing_as("record the puzzle"), write_transaction(conn):
        tried = (player, puzzle.id, puzzle.game, puzzle.difficulty, int(solved), int(rated))
        conn.execute(
            "INSERT INTO puzzle_results (player, puzzle_id, game, difficulty, solved, "
            "rated, daily, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (*tried, daily, now_text()),
        )
        if not rated:
            return None
        before = current(conn, player, PUZZLE_BOARD)
        fixed = Rating(PUZZLE_RATINGS[puzzle.difficulty], FIXED_SIGMA)
        after = updated(before, fixed, solved)
        _save(conn, player, PUZZLE_BOARD, after, f"puzzle {puzzle.id}", solved, puzzle.id)
        return before, after
