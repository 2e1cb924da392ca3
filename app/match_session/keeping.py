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
from app.store import ratings, stats
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
    after the game's first is done off this thread (`app.store.keep_writer`: the full screen,
    which waits for it before drawing its next frame)."""

    def __init__(
        self,
        first: Callable[[GameRecord], None] | None = None,
        counting: bool = True,
        background: bool = False,
    ) -> None:
        self.first = first
        self.counting = counting
        self.background = background

    def count(self, record: GameRecord) -> None:
        if self.first is not None:
            self.first(record)
        if not self.counting:
            return
        try:
            ratings.record_game(record)
        except stats.StatsError as error:  # as OSError: the session says it was not counted
            raise OSError(str(error)) from error

    def keep(self, record: GameRecord) -> Kept:
        # (its own file, app.store.kept_games; never raises)
        return keep_unfinished(record, self.background)

    def clear(self, record: GameRecord) -> None:
        game_over(record)  # (and a copy saved with ctrl+s holds its end)

        keep_finished(record)  # listed in "Saved games" (the last 200; never raises)
        if self.counting:  # judged for the teacher's report, off this thread (never raises)
            judge_later(record)
