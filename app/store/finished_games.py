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
from dataclasses import replace
from pathlib import Path

from app.store.data_folder import data_dir
from app.store.storage import SavedGame, list_saves, list_saves_in, record_file_name, save_record
from rules.records import GameRecord

FINISHED = "finished"
#: How many finished games are kept (oldest dropped first; saved games are apart).
KEEP_FINISHED = 200


def finished_dir() -> Path:
    return data_dir() / FINISHED


def finished_name(record: GameRecord) -> str:
    """`<game>-<start>-<names>-<id>.json`: one file per game, whatever its names."""
    return record_file_name(record).removesuffix(".json") + f"-{record.id[:12]}.json"


def keep_finished(record: GameRecord, keep: int = KEEP_FINISHED) -> Path | None:
    """Keep a finished game among the last `keep` (None: not kept; a folder that cannot
    be written is no reason to stop a game: "Saved games" then lists fewer)."""
    if not record.finished:
        return None
    folder = finished_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = save_record(record, folder / finished_name(record))
    except OSError:
        return None
    drop_oldest(folder, keep)
    return path


def drop_oldest(folder: Path, keep: int) -> None:
    """Remove the oldest kept games beyond `keep` (by the time each was written)."""
    dated: list[tuple[float, str, Path]] = []
    for path in folder.glob("*.json"):
        with contextlib.suppress(OSError):  # gone since the folder was listed
            dated.append((path.lstat().st_mtime, path.name, path))
    dated.sort(reverse=True)
    for _, _, path in dated[keep:]:
        with contextlib.suppress(OSError):
            path.unlink()


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
