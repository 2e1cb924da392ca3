"""Where a match session keeps its game: the statistics (once, at the end) and the
autosave slot (after every move of an unfinished game; cleared at its end).

`MatchSession` is handed a `Keeper`. The full screen's games use `SavedGames` (the
data folder's statistics and autosave slot); a puzzle, the plain mode and the tests use
`KeepNothing` or a keeper of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from app import ratings, stats, storage
from rules.records import GameRecord, RecordError


class Keeper(Protocol):
    """What a session does with its record. Each method raises OSError (or the store's
    own error) on failure; the session reports that as a `NotKept` event."""

    def count(self, record: GameRecord) -> None:
        """Count a finished game in the statistics (called once per game)."""

    def keep(self, record: GameRecord) -> Path | None:
        """Keep an unfinished game for later; where it went (None: nowhere)."""

    def clear(self, record: GameRecord) -> None:
        """The game is finished: forget it as an unfinished one."""


class KeepNothing:
    """A session whose games are not counted nor kept (a puzzle, a test)."""

    def count(self, record: GameRecord) -> None:
        return None

    def keep(self, record: GameRecord) -> Path | None:
        return None

    def clear(self, record: GameRecord) -> None:
        return None


class SavedGames:
    """The data folder's statistics and ratings (`app.ratings.record_game`) and autosave
    slot (`app.storage`)."""

    def count(self, record: GameRecord) -> None:
        try:
            ratings.record_game(record)
        except stats.StatsError as error:  # as OSError: the session says it was not counted
            raise OSError(str(error)) from error

    def keep(self, record: GameRecord) -> Path | None:
        return storage.write_autosave(record)

    def clear(self, record: GameRecord) -> None:
        try:
            saved = storage.load_autosave()
        except (RecordError, OSError):
            saved = None
        if saved is not None and saved.id == record.id:
            storage.clear_autosave()
