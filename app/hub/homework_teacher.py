"""The teacher's homework commands, for both consoles (`app.hub.console`): `assign` (its
solver's search off the hub's loop: `app.hub.homework.assign_off_loop`), `assignments`
and `report NAME [--csv FILE] [--pdf FILE]`."""

from __future__ import annotations

import shlex
from pathlib import Path

from app.hub.homework_report import report_lines, write_csv, write_pdf
from app.hub.homework_words import due_words
from app.hub.store_sql import HubStore

TEACHER_HELP = (
    "  assign NAME --due YYYY-MM-DD [--game G|any] [--difficulty D] [--count N] [--to NAME ...]",
    "               [--from-mistakes]   set homework (every student, or those named)",
    "  assignments  the homework set",
    "  report NAME [--csv FILE] [--pdf FILE]  each student's and each puzzle's results",
)


def teacher_homework(store: HubStore, word: str, rest: str) -> list[str] | None:
    """The answer to a homework command of the teacher's (None: not one)."""
    if word == "assignments":
        rows = store.assignments()
        return [f"{r.name}: {r.what}, due {due_words(r.due)}" for r in rows] or [
            "No homework is set yet: assign sets some."
        ]
    if word != "report":
        return None
    try:
        words = shlex.split(rest)
    except ValueError as error:
        return [f"That line cannot be read: {error}."]
    if not words or len(words) % 2 == 0 or any(w not in ("--csv", "--pdf") for w in words[1::2]):
        return ["Type report and the assignment's name (and --csv FILE, --pdf FILE): report week1."]
    said = report_lines(store, words[0])
    for flag, file in zip(words[1::2], words[2::2], strict=True):
        write = write_csv if flag == "--csv" else write_pdf
        said.append(write(store, words[0], Path(file)))
    return said
