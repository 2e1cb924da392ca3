"""Where the app keeps its files: `platformdirs.user_data_dir("equation-duel")`, or
`EQUATION_DUEL_DATA`. Nothing heavy is imported (the menu asks about unfinished games
before loading the rules).
"""

from __future__ import annotations

import os
from pathlib import Path

from app.store.atomic_files import clean_temporaries

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
    """The single autosave slot of older versions (`autosave.json`), still read."""
    return data_dir() / AUTOSAVE


def clean_stale_temporaries(folder: Path | None = None, target: str | None = None) -> int:
    """Remove the temporaries killed saves left in `folder` (None: the data and saves
    folders), of `target` only when given; the count removed."""
    folders = [folder] if folder is not None else [data_dir(), saves_dir()]
    return clean_temporaries(folders, target)
