"""Game records as JSON: `to_json`, and `from_json` / `from_data`, which refuse anything
that is not a record of a format this program reads with a `RecordError` (never another
exception) and check the record by replaying it unless told not to.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from rules.record_check import match_of
from rules.records import FORMAT, GameRecord, RecordError, newer_format, problem_of
from rules.registry import GAME_IDS


def to_json(record: GameRecord) -> str:
    """The record as JSON text (indented, ending with a newline)."""
    return record.model_dump_json(indent=2) + "\n"


def from_json(text: str | bytes, check: bool = True) -> GameRecord:
    """The record in `text`, checked by replaying it (unless `check` is False); anything
    wrong is a RecordError in words, never another exception."""
    try:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise RecordError(f"not UTF-8 text (byte {error.start + 1})") from None
        if not text.strip():
            raise RecordError("the file is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            if error.msg.startswith("Unterminated string") or not text[error.pos :].strip():
                raise RecordError(
                    f"the JSON ends too early at line {error.lineno} column {error.colno} "
                    "(the file is cut short)"
                ) from None
            raise RecordError(
                f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
            ) from None
        return from_data(data, check)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("not a game record (nested too deeply)") from None
    except Exception as error:  # never anything but RecordError
        raise RecordError(f"not a game record ({type(error).__name__}: {error})") from None


def from_data(data: Any, check: bool = True) -> GameRecord:
    """The record in parsed JSON data (see `from_json`)."""
    if not isinstance(data, dict):
        raise RecordError(f"not a game record (a JSON {_json_kind(data)}, not an object)")
    version = data.get("format")
    if version is None:
        raise RecordError("not a game record (no `format` field)")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"format {version!r} is not a record format version")
    if version > FORMAT:
        raise RecordError(newer_format(version))
    game_id = data.get("game")
    if isinstance(game_id, str) and game_id not in GAME_IDS:
        raise RecordError(f"unknown game {game_id!r} (the games are {', '.join(GAME_IDS)})")
    data = {**data, "format": FORMAT}  # format 1 is the first: nothing to upgrade
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as error:
        raise RecordError(problem_of(error)) from None
    if check:
        match_of(record)
    return record


def _json_kind(data: Any) -> str:
    kind = {list: "list", str: "string", type(None): "null"}.get(type(data))
    return kind or ("number" if isinstance(data, int | float) else type(data).__name__)
