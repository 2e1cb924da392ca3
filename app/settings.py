"""The player's settings, remembered across launches: a small JSON file in the data folder.

It holds the theme chosen and the names last typed in the setup (`settings.json`, e.g.
`{"theme": "nord", "names": ["Ann", "Bob"]}`). Reading never fails: a missing, corrupt or
strange file gives the defaults (and is replaced at the next change). Writing is atomic
(a temporary file renamed over the old one), so the file is always the old one or the
new one whole. Like `app.data_folder`, this module imports nothing heavy: the menu reads
the theme before it is drawn.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from app.data_folder import data_dir, ensure_data_dir

SETTINGS = "settings.json"
#: Longest name kept (the setup's own limit) and longest theme name read.
MAX_TEXT = 40


def settings_path() -> Path:
    return data_dir() / SETTINGS


def load() -> dict[str, Any]:
    """The settings as saved (only the known keys, each of the right kind), or {}."""
    try:
        raw = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(raw, dict):
        return {}
    settings: dict[str, Any] = {}
    theme = raw.get("theme")
    if isinstance(theme, str) and 0 < len(theme) <= MAX_TEXT:
        settings["theme"] = theme
    names = raw.get("names")
    if (
        isinstance(names, list)
        and len(names) == 2
        and all(isinstance(n, str) and len(n) <= MAX_TEXT for n in names)
    ):
        settings["names"] = [names[0], names[1]]
    return settings


def theme() -> str | None:
    value = load().get("theme")
    return value if isinstance(value, str) else None


def names() -> tuple[str, str] | None:
    value = load().get("names")
    return (value[0], value[1]) if isinstance(value, list) else None


def update(**changes: Any) -> Path:
    """Change some settings and keep the others (OSError when the file cannot be written)."""
    settings = load()
    settings.update(changes)
    folder = ensure_data_dir()
    return _atomic_write(folder / SETTINGS, json.dumps(settings, indent=2) + "\n")


def _atomic_write(path: Path, text: str) -> Path:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path
