"""A class's roster from a CSV file (`hub --roster class.csv`): one name a row, in the
column headed `name` if there is one, else the first. Names are cleaned as everywhere
(`rules.names`); a name that cannot be used is refused with its row's number."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from rules.names import NameProblem, clean_name

MAX_BYTES = 1024 * 1024
MAX_NAMES = 2000


class RosterProblem(ValueError):
    """The roster cannot be read: the text says why, in words."""


def read_roster(path: Path) -> list[str]:
    """The names of the roster at `path` (each once, in order)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise RosterProblem(f"{path} is larger than {MAX_BYTES // 1024} KiB")
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise RosterProblem(
            f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
        ) from None
    rows = list(csv.reader(io.StringIO(text)))
    column = 0
    if rows and any(cell.strip().lower() == "name" for cell in rows[0]):
        column = [cell.strip().lower() for cell in rows[0]].index("name")
        rows = rows[1:]
    names: dict[str, str] = {}
    for number, row in enumerate(rows, 1):
        if len(row) <= column or not row[column].strip():
            continue
        try:
            name = clean_name(row[column])
        except NameProblem as error:
            raise RosterProblem(f"row {number} of {path}: {error}") from None
        names.setdefault(name.casefold(), name)
        if len(names) > MAX_NAMES:
            raise RosterProblem(f"{path} has more than {MAX_NAMES} names")
    return list(names.values())
