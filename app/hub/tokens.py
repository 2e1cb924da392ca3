"""The tokens a student's machine keeps, one for each class and name, in the data folder
(`class-tokens.json`, written by the one file writer, `app.store.atomic_files`; read
as a file anyone may edit, as the homework kept here is: `kept_object`). A token
read back is only ever sent to a hub of the class that gave it (same code and host; the
port may change when the hub starts again)."""

from __future__ import annotations

import json
from typing import Any

from app.online.codes import Address, plain_code
from app.store.atomic_files import write_file
from app.store.data_folder import data_dir, ensure_data_dir

FILE_NAME = "class-tokens.json"
#: The file is at most this large (anything larger is not read, and started afresh).
MAX_BYTES = 256 * 1024


def _place(address: Address, name: str) -> str:
    return f"{plain_code(address.code)}@{address.host.lower()}/{name.casefold()}"


def kept_object(file_name: str, limit: int) -> dict[str, Any]:
    """The JSON object in the data folder's `file_name` (a file anyone may edit): {} when
    there is none, it is larger than `limit` bytes, or it is no JSON object."""
    path = data_dir() / file_name
    try:
        if path.stat().st_size > limit:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def keep_object(file_name: str, data: dict[str, Any]) -> None:
    write_file(ensure_data_dir() / file_name, json.dumps(data, indent=1) + "\n")


def _kept() -> dict[str, str]:
    data = kept_object(FILE_NAME, MAX_BYTES)
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def kept_token(address: Address, name: str) -> str:
    """The token kept for `name` in the class at `address` ("" when none)."""
    return _kept().get(_place(address, name), "")[:128]


def keep_token(address: Address, name: str, token: str) -> None:
    kept = _kept()
    kept[_place(address, name)] = token
    keep_object(FILE_NAME, kept)
