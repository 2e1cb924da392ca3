"""Game records in files: saved (ctrl+s, `saves/`), kept unfinished (`unfinished/`),
read back. Writes are atomic (app.store.atomic_files); reads go through the one safe
reader (rules.safe_files), and a bad file is refused with a `LoadError` naming the file
and the problem, never changed by reading it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.store import unfinished
from app.store.atomic_files import write_file
from app.store.data_folder import saves_dir
from rules.names import strip_controls
from rules.record_json import from_json, to_json
from rules.records import GameRecord, RecordError
from rules.safe_files import UnsafeFile, read_file_bytes

#: Record files larger than this are refused unread (a record is a few kilobytes).
MAX_RECORD_BYTES = 8 * 1024 * 1024


class LoadError(RecordError):
    """A record file that cannot be used: `path` and the problem."""

    def __init__(self, path: Path, problem: str) -> None:
        problem = strip_controls(problem)  # it may quote the file: never terminal codes
        super().__init__(f"{strip_controls(str(path))}: {problem}")
        self.path = path
        self.problem = problem


def save_record(record: GameRecord, path: Path | str) -> Path:
    """Write the record to `path` atomically (the folder must exist). OSError on failure,
    NotAFile (an OSError) when `path` is a folder, a device, a pipe or a link."""
    return write_file(path, to_json(record))


def load_record(path: Path | str, check: bool = True) -> GameRecord:
    """The record in the file at `path`, checked by replaying its moves; LoadError names
    the file and the problem (unreadable, corrupt, a future format, an illegal move…)."""
    path = Path(path)
    try:
        return from_json(read_record_bytes(path), check)
    except RecordError as error:
        raise LoadError(path, str(error)) from None


def read_record_bytes(path: Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them (LoadError else)."""
    try:
        return read_file_bytes(path, limit, "record file")
    except UnsafeFile as error:
        raise LoadError(path, error.problem) from None


def load_autosave(path: Path | None = None) -> GameRecord | None:
    """The unfinished game kept in `path` (None: the newest one kept), or None when there
    is none (or it is finished); LoadError when the file is bad."""
    if path is None:
        path = next(iter(unfinished.scan().games), None)
    if path is None or not path.exists():
        return None
    record = load_record(path)
    return None if record.finished else record


def record_file_name(record: GameRecord) -> str:
    """A file name for the record: `<game>-<start time>-<names>.json`, safe on every system."""
    stamp = record.started.strftime("%Y%m%d-%H%M%S")
    names = "-vs-".join(slug(name, "player") for name in record.names)
    return f"{record.game}-{stamp}-{names}.json"


def slug(text: str, empty: str) -> str:
    """`text` as a safe part of a file name: letters and digits joined by `-`, at most 24."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:24] or empty


def save_game(record: GameRecord) -> Path:
    """Save the record in the saves folder (ctrl+s); the same game keeps the same file."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for entry in list_saves():
        if entry.record is not None and entry.record.id == record.id:
            return save_record(record, entry.path)
    return save_record(record, _free_name(folder, record_file_name(record)))


def _free_name(folder: Path, name: str) -> Path:
    path = folder / name
    stem, suffix = path.stem, path.suffix
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


@dataclass(frozen=True)
class SavedGame:
    """One file in the saves folder: its record, or why it cannot be read."""

    path: Path
    modified: datetime
    record: GameRecord | None
    error: str | None = None
    #: Saved with ctrl+s, never dropped (False: among the last finished games kept).
    for_good: bool = True


def list_saves(check: bool = False) -> list[SavedGame]:
    """The saved games, newest first. `check` replays each one (slower, finds bad moves)."""
    return list_saves_in(saves_dir(), check)


def list_saves_in(folder: Path, check: bool = False) -> list[SavedGame]:
    """The records in `folder`, newest first."""
    if not folder.is_dir():
        return []
    entries = []
    for path in folder.glob("*.json"):
        try:
            modified = datetime.fromtimestamp(path.lstat().st_mtime)
        except OSError:
            continue  # gone since the folder was listed
        try:
            entries.append(SavedGame(path, modified, load_record(path, check)))
        except LoadError as error:
            entries.append(SavedGame(path, modified, None, error.problem))
    entries.sort(key=lambda entry: (entry.modified, entry.path.name), reverse=True)
    return entries
