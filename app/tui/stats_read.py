"""Reading the statistics screen's figures (touches no widget: it runs in a thread), and
reading them ahead, while the player reads the menu (`read_ahead`, started by
app.tui.preload): a class's 2,000 games and their ratings take about 40 ms of CPU, which
the screen then does not wait for, unless the database changed meanwhile."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass

from app.store import keep_writer, stats
from app.tui.puzzle_stats import ReadRatings, read_ratings


@dataclass(frozen=True)
class ReadStatistics:
    """The statistics as read (None, and `problem`: why they could not be), the ratings."""

    summary: stats.Summary | None
    problem: str | None
    ratings: ReadRatings


def read_statistics() -> ReadStatistics:
    """Read the statistics and the ratings (a game's count handed to the writer first)."""
    keep_writer.wait()
    try:
        return ReadStatistics(stats.summary(), None, read_ratings())
    except stats.StatsError as error:
        return ReadStatistics(None, str(error), read_ratings())


Mark = tuple[object, ...]


def read_mark() -> Mark:
    """What tells a read still holds: the database's files (`stats.files_stamp`) and the
    day (today's daily puzzle)."""
    return (str(stats.stats_path()), dt.date.today(), *stats.files_stamp())


_reading_ahead = threading.Lock()
#: The figures read ahead, with the mark they were read at; taken once.
_ahead: tuple[Mark, ReadStatistics] | None = None


def read_ahead() -> None:
    """Read the figures now, for the next statistics screen (the mark is taken after the
    read: reading may create the training's tables). No database yet: nothing to read (and
    none made before the statistics are asked for)."""
    global _ahead
    if not stats.stats_path().exists():
        return
    with _reading_ahead:
        read = read_statistics()
        _ahead = (read_mark(), read)


def taken_ahead(wait: bool) -> ReadStatistics | None:
    """The figures read ahead if nothing changed since (once: the next screen reads again);
    `wait`: for a read ahead still going (else None meanwhile)."""
    global _ahead
    if not _reading_ahead.acquire(blocking=wait):
        return None
    try:
        kept, _ahead = _ahead, None
    finally:
        _reading_ahead.release()
    if kept is None or kept[0] != read_mark():
        return None
    return kept[1]
