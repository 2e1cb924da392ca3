"""Where the app keeps its files: the data folder and the names inside it.

The folder is `platformdirs.user_data_dir("equation-duel")`, or the folder named by the
`EQUATION_DUEL_DATA` environment variable (tests use it). This module imports nothing
heavy, so the menu can ask whether a game was left unfinished (`autosave_path().exists()`)
without loading the records, the rules or pydantic (`app.storage` reads and writes the
files themselves).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "equation-duel"
#: The environment variable that moves the data folder (tests point it at a temporary one).
DATA_ENV = "EQUATION_DUEL_DATA"
AUTOSAVE = "autosave.json"
SAVES = "saves"


def data_dir() -> Path:
    """The data folder (not created here: see `ensure_data_dir`)."""
    override = os.environ.get(DATA_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def ensure_data_dir() -> Path:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def saves_dir() -> Path:
    return data_dir() / SAVES


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE
