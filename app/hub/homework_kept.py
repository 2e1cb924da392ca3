"""Homework kept on the student's machine for offline work (`class homework`): each
assignment fetched from the hub (its puzzles, the tries left) and the answers given
offline waiting to be handed in, in the data folder (`class-homework.json`, written by
the one file writer, `app.store.atomic_files`), by class, host and name as the tokens
are (`app.hub.tokens`). The local verdict is kept for the student's own reading only:
a hand-in sends the move and the time, and the hub judges it again."""

from __future__ import annotations

import json
from typing import Any

from app.hub.tokens import _place
from app.online.codes import Address
from app.store.atomic_files import write_file
from app.store.data_folder import data_dir, ensure_data_dir

FILE_NAME = "class-homework.json"
#: The file is at most this large (anything larger is not read).
MAX_BYTES = 1024 * 1024


def _everything() -> dict[str, Any]:
    path = data_dir() / FILE_NAME
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def kept(address: Address, name: str, assignment: str) -> dict[str, Any] | None:
    """The assignment as kept (None when it was never fetched, or cannot be read)."""
    mine = _everything().get(_place(address, name))
    found = mine.get(assignment.casefold()) if isinstance(mine, dict) else None
    return found if isinstance(found, dict) else None


def kept_names(address: Address, name: str) -> list[str]:
    """The assignments kept for `name` in the class at `address` (their folded names)."""
    mine = _everything().get(_place(address, name))
    return (
        [key for key, entry in mine.items() if isinstance(entry, dict)][:50]
        if isinstance(mine, dict)
        else []
    )


def keep(address: Address, name: str, assignment: str, entry: dict[str, Any] | None) -> None:
    """Keep `entry` for the assignment (None: forget it); OSError when it cannot be written."""
    everything = _everything()
    mine = everything.setdefault(_place(address, name), {})
    if not isinstance(mine, dict):
        mine = everything[_place(address, name)] = {}
    if entry is None:
        mine.pop(assignment.casefold(), None)
    else:
        mine[assignment.casefold()] = entry
    write_file(ensure_data_dir() / FILE_NAME, json.dumps(everything, indent=1) + "\n")


def pending(entry: dict[str, Any]) -> list[tuple[int, str, float]]:
    """The answers waiting to be handed in: (puzzle, move, seconds), as well formed."""
    found = []
    for answer in entry.get("answers", []) if isinstance(entry.get("answers"), list) else []:
        if not isinstance(answer, dict):
            continue
        number, move, seconds = answer.get("puzzle"), answer.get("move"), answer.get("seconds")
        if isinstance(number, int) and isinstance(move, str) and isinstance(seconds, int | float):
            found.append((number, move[:100], float(seconds)))
    return found[:100]
