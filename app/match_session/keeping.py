"""Where a match session keeps its game: the statistics (once, at the end) and the
autosave slot (after every move of an unfinished game; cleared at its end).

`MatchSession` is handed a `Keeper`. The full screen's games and the plain mode's use
`SavedGames` (the data folder's statistics and kept games, each finished game judged
for the teacher's report in the background; the plain mode writes its `--save` file first); a puzzle and the tests use `KeepNothing` or a keeper of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from app.classroom.report.judged import judge_later
from app.match_session.events import NotKept
from app.store import keep_writer, ratings, stats
from app.store.finished_games import keep_finished
from app.store.kept_games import Kept, game_over, keep_unfinished
from rules.records import GameRecord


class Keeper(Protocol):
    """What a session does with its record. Each method raises OSError (or the store's
    own error) on failure; the session reports that as a `NotKept` event."""

    def count(self, record: GameRecord) -> None:
        """Count a finished game in the statistics (called once per game)."""

    def keep(self, record: GameRecord) -> Kept:
        """Keep an unfinished game for later: where it went (None: nowhere), and what
        the player must be told of it (a problem keeping it, said once)."""

    def clear(self, record: GameRecord) -> None:
        """The game is finished: forget it as an unfinished one."""


class KeepNothing:
    """A session whose games are not counted nor kept (a puzzle, a test)."""

    def count(self, record: GameRecord) -> None:
        return None

    def keep(self, record: GameRecord) -> Kept:
        return Kept(None)

    def clear(self, record: GameRecord) -> None:
        return None


class SavedGames:
    """The data folder's statistics and ratings (`app.store.ratings.record_game`) and its kept
    unfinished games (`app.store.kept_games`, one file per game).

    `first`: written before a finished game is counted (the plain mode's `--save FILE`:
    the game's own record comes first, whatever the statistics do). `counting`: False
    keeps games but counts none (the plain mode's tests). `background`: a move's write
    after the game's first, and a finished game's count and keeping, are done off this
    thread (`app.store.keep_writer`: the full screen, which waits for them before drawing
    its next frame, so the statistics opened after a game show it); a count that fails
    there is `told` (on the writer's thread) instead of raised."""

    def __init__(
        self,
        first: Callable[[GameRecord], None] | None = None,
        counting: bool = True,
        background: bool = False,
        told: Callable[[NotKept], None] | None = None,
    ) -> None:
        self.first = first
        self.counting = counting
        self.background = background
        self.told = told

    def count(self, record: GameRecord) -> None:
        if self.first is not None:
            self.first(record)
        if not self.counting:
            return
        if self.background:
            keep_writer.hand(lambda: self._count_later(record))
        else:
            _count(record)

    def _count_later(self, record: GameRecord) -> None:
        try:
            _count(record)
        except (OSError, ValueError) as error:  # (as the session says it, at once)
            if self.told is not None:
                self.told(not_counted(error))

    def keep(self, record: GameRecord) -> Kept:
        # (its own file, app.store.kept_games; never raises)
        return keep_unfinished(record, self.background)

    def clear(self, record: GameRecord) -> None:
        if self.background:  # (after the count, in order)
            keep_writer.hand(lambda: self._clear_now(record))
        else:
            self._clear_now(record)

    def _clear_now(self, record: GameRecord) -> None:
        game_over(record)  # (and a copy saved with ctrl+s holds its end)

        keep_finished(record)  # listed in "Saved games" (the last 200; never raises)
        if self.counting:  # judged for the teacher's report, off this thread (never raises)
            judge_later(record)


def not_counted(error: Exception) -> NotKept:
    """What the player is told of a finished game the statistics could not count."""
    return NotKept(f"The statistics were not updated: {error}", "statistics")


def _count(record: GameRecord) -> None:
    try:
        ratings.record_game(record)
    except stats.StatsError as error:  # as OSError: the session says it was not counted
        raise OSError(str(error)) from error
