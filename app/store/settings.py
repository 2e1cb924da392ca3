"""The player's settings (theme, names last typed), in `settings.json` in the data folder.

Reading never fails nor waits: a missing, corrupt or strange file gives the defaults
(`problem()` says why) and is replaced at the next change. Nothing heavy is imported:
the menu reads the theme before it is drawn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.store.atomic_files import write_file
from app.store.data_folder import data_dir, ensure_data_dir
from rules.names import strip_controls
from rules.safe_files import UnsafeFile, read_file_text

SETTINGS = "settings.json"
#: Longest name kept (the setup's own limit) and longest theme name read.
MAX_TEXT = 40
#: A settings file larger than this is not read (it holds a theme and two names).
MAX_SETTINGS_BYTES = 64 * 1024


def settings_path() -> Path:
    return data_dir() / SETTINGS


def load() -> dict[str, Any]:
    """The settings as saved (only the known keys, each of the right kind), or {}."""
    return read()[0]


def problem() -> str | None:
    """Why the settings file cannot be used, in words (None when it can, or is absent)."""
    return read()[1]


def read() -> tuple[dict[str, Any], str | None]:
    """The settings (as `load`), and why the file could not be used (None: it could, or
    there is none yet)."""
    path = settings_path()
    try:
        raw = json.loads(read_file_text(path, MAX_SETTINGS_BYTES, "settings file"))
    except UnsafeFile as error:
        if error.problem == "no such file":
            return {}, None
        return {}, strip_controls(f"{path.name}: {error.problem}")
    except ValueError as error:  # not JSON (RecursionError is a RuntimeError: see below)
        return {}, strip_controls(f"{path.name}: not valid JSON ({error})")
    except RecursionError:
        return {}, f"{path.name}: nested too deeply"
    if not isinstance(raw, dict):
        return {}, f"{path.name}: not a JSON object"
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
    return settings, None


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
    return write_file(folder / SETTINGS, json.dumps(settings, indent=2) + "\n")
