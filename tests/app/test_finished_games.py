"""Finished games kept automatically (app.store.finished_games): the last ones, the oldest
dropped first, a game saved with ctrl+s never dropped, and all listed in Saved games."""

from __future__ import annotations

import os

from app.store import storage
from app.store.finished_games import finished_dir, keep_finished, list_games
from rules.records import GameRecord, players_of, record_from_moves

NAMES = ("Ann", "Bob")


def finished_game(number: int) -> GameRecord:
    """A conquest game won by Ann in three moves (its `number` in its names)."""
    return record_from_moves("conquest", None, ["5", "2", "3"], players_of((f"Ann{number}", "Bob")))


def age(path: os.PathLike[str] | str, seconds: int) -> None:
    """Date a file `seconds` into the past (so the order is the files' own)."""
    stamp = 1_700_000_000 + seconds
    os.utime(path, (stamp, stamp))


def test_the_oldest_finished_games_are_dropped_first_and_saved_ones_never() -> None:
    saved = finished_game(0)
    storage.save_game(saved)
    for number in range(1, 6):
        path = keep_finished(finished_game(number), keep=3)
        assert path is not None
        age(path, number)
    kept = sorted(path.name for path in finished_dir().glob("*.json"))
    assert len(kept) == 3 and all("ann3" in n or "ann4" in n or "ann5" in n for n in kept)
    games = list_games()
    assert [g.record.names[0] for g in games if g.record] == ["Ann0", "Ann5", "Ann4", "Ann3"]
    assert [g.for_good for g in games] == [True, False, False, False]


def test_a_game_saved_for_good_is_listed_once() -> None:
    record = finished_game(1)
    keep_finished(record)
    storage.save_game(record)
    games = list_games()
    assert len(games) == 1 and games[0].for_good


def test_an_unfinished_game_is_not_kept_as_finished() -> None:
    record = record_from_moves("conquest", None, ["5", "2"], players_of(NAMES))
    assert keep_finished(record) is None
    assert list_games() == []


def test_a_folder_that_cannot_be_written_keeps_nothing_and_raises_nothing() -> None:
    finished_dir().parent.mkdir(parents=True, exist_ok=True)
    finished_dir().write_text("a file where the folder should be", "utf-8")
    assert keep_finished(finished_game(1)) is None
