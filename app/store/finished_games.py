"""Finished games, kept automatically: the last `KEEP_FINISHED` of them, so that "Saved
games" lists every recent game with its result.

Each game the full screen finishes is written, as every record is (atomically, through
`app.store.storage`), to `finished/<game>-<start>-<names>-<id>.json` in the data folder; the
oldest are dropped once there are more than `KEEP_FINISHED`. Games saved with ctrl+s are
in `saves/` and are never dropped: `list_games` lists both, newest first, a game saved
for good once (as saved).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from dataclasses import replace
from pathlib import Path

from app.store.data_folder import data_dir
from app.store.judged_games import (
    open_judged,
    read_checked,
    record_digest,
    store_checked,
    verdict_of,
)
from app.store.stats import StatsError, stats_path
from app.store.storage import (
    LoadError,
    SavedGame,
    list_saves,
    list_saves_in,
    load_record,
    record_file_name,
    save_record,
)
from app.store.unfinished import game_key
from rules.records import GameRecord

FINISHED = "finished"
#: How many finished games are kept (oldest dropped first; saved games are apart).
KEEP_FINISHED = 200
#: The form of `finished_name`'s names: game, start, names, the record id's start.
_NAME = re.compile(r"[a-z]+-[0-9]{8}-[0-9]{6}-[a-z0-9-]+-[A-Za-z0-9_-]{1,12}\.json")


def finished_dir() -> Path:
    return data_dir() / FINISHED


def finished_name(record: GameRecord) -> str:
    """`<game>-<start>-<names>-<id>.json`: one file per game, whatever its names (an id
    that is not letters, digits, `-` and `_` is given by its hash: a record's id is
    outside text)."""
    return record_file_name(record).removesuffix(".json") + f"-{game_key(record.id)[:12]}.json"


def keep_finished(record: GameRecord, keep: int = KEEP_FINISHED) -> Path | None:
    """Keep a finished game among the last `keep` (None: not kept; a folder that cannot
    be written is no reason to stop a game: "Saved games" then lists fewer). A `finished`
    that is a link (to a folder of the player's) is neither written into nor pruned."""
    if not record.finished:
        return None
    folder = finished_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not stat.S_ISDIR(folder.lstat().st_mode):
            return None
        path = save_record(record, folder / finished_name(record))
    except OSError:
        return None
    drop_oldest(folder, keep)
    return path


def drop_oldest(folder: Path, keep: int) -> None:
    """Remove the oldest kept games beyond `keep` (by the time each was written): only
    regular files whose name is one `finished_name` makes and whose content is the
    finished game that name was made for, and never through a link (the folder is
    opened with O_NOFOLLOW, its files looked at and removed where they are). A file the
    app did not write is never removed (docs/files.md)."""
    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:  # a link, or gone: nothing is removed
        return
    try:
        dated: list[tuple[float, str]] = []
        for name in os.listdir(handle):
            with contextlib.suppress(OSError):  # (gone since the folder was listed)
                info = os.stat(name, dir_fd=handle, follow_symlinks=False)
                if _NAME.fullmatch(name) and stat.S_ISREG(info.st_mode):
                    dated.append((info.st_mtime, name))
        dated.sort(reverse=True)
        for _, name in dated[keep:]:
            if _made_here(folder / name):
                with contextlib.suppress(OSError):
                    os.unlink(name, dir_fd=handle)
    finally:
        os.close(handle)


def _made_here(path: Path) -> bool:
    """The file holds the finished game its name was made for (`finished_name`)."""
    try:
        record = load_record(path, check=False)
    except LoadError:
        return False
    return record.finished and finished_name(record) == path.name


def list_games(check: bool = False) -> list[SavedGame]:
    """The games saved with ctrl+s and the finished games kept, newest first; a game in
    both is listed once, as saved for good."""
    saved = list_saves(check)
    ids = {entry.record.id for entry in saved if entry.record is not None}
    finished = [
        replace(entry, for_good=False)
        for entry in list_saves_in(finished_dir(), check)
        if entry.record is None or entry.record.id not in ids
    ]
    games = saved + finished
    games.sort(key=lambda entry: (entry.modified, entry.path.name), reverse=True)
    return games


def list_checked() -> list[tuple[SavedGame, str]]:
    """`list_games(check=True)`, each with its ending in words (empty: unfinished or not
    readable): each record is replayed only the first time it is listed or judged
    (`app.store.judged_games`: the verdict is stored by the record's digest, when the
    statistics database is there and can be written)."""

    conn = None
    known: dict[str, tuple[bool, str]] = {}
    if stats_path().exists():
        with contextlib.suppress(StatsError):
            conn = open_judged()
            known = read_checked(conn)
    try:
        found: list[tuple[SavedGame, str]] = []
        fresh: list[tuple[str, bool, str]] = []
        for entry in list_games(check=False):
            if entry.record is None:
                found.append((entry, ""))
                continue
            digest = record_digest(entry.record)
            verdict = known.get(digest)
            if verdict is None:
                verdict = known[digest] = verdict_of(entry.record)
                fresh.append((digest, *verdict))
            replays, words = verdict
            found.append(
                (entry, words) if replays else (replace(entry, record=None, error=words), "")
            )
        if conn is not None and fresh:
            with contextlib.suppress(StatsError):
                store_checked(conn, fresh)
    finally:
        if conn is not None:
            conn.close()
    return found
