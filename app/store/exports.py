"""Exporting a game record: to a file the player names (replaced only when asked), or,
in a browser, into `exports/` under a name the app makes, never replacing a file.
"""

from __future__ import annotations

import csv
import errno
import io
import re
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

from app.store.atomic_files import NotAFile, write_file
from app.store.data_folder import data_dir
from app.store.storage import record_file_name, save_record
from rules.record_json import to_json
from rules.records import GameRecord

EXPORTS = "exports"


def exports_dir() -> Path:
    return data_dir() / EXPORTS


def export_record(record: GameRecord, path: Path | str, replace: bool = False) -> Path:
    """Write the record where the player asked (the terminal's export). An existing file
    is replaced only when `replace` is given: else FileExistsError (the screen asks)."""
    if replace:
        return save_record(record, path)
    return write_file(path, to_json(record), new=True)  # never replaces


def export_to_folder(record: GameRecord) -> Path:
    """Write the record into `exports/` under a free name the app makes (a browser player's
    only export); `exports` must be a real folder, not a link."""
    folder = exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if not stat.S_ISDIR(folder.lstat().st_mode):
        raise NotAFile(f"{folder} is not a folder")
    text = to_json(record)
    name = Path(record_file_name(record))
    for number in range(1, 1000):
        path = folder / (name.name if number == 1 else f"{name.stem}-{number}{name.suffix}")
        try:
            return write_file(path, text, new=True)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free name in {folder}")


def spreadsheet_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV a spreadsheet opens as it is: no text cell is read as a formula (one that
    starts with = + - @ or a tab is quoted with '); numbers (-1.5 too) are as they are."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(_safe(cell) if isinstance(cell, str) else cell for cell in row)
    return out.getvalue()


def _safe(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # (quoted: a lone \r was not)
    if text[:1] not in ("=", "+", "-", "@", "\t", "\n") or _NUMBER.fullmatch(text):
        return text
    return f"'{text}"


_NUMBER = re.compile(r"-\d+(\.\d+)?")
