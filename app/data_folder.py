"""Where the app keeps its files: the data folder and the names inside it.

The folder is `platformdirs.user_data_dir("equation-duel")`, or the folder named by the
`EQUATION_DUEL_DATA` environment variable (tests use it). This module imports nothing
heavy: the menu asks `app.unfinished` (which uses it) whether a game was left unfinished
without loading the records, the rules or pydantic (`app.storage` reads and writes the
files themselves). `clean_stale_temporaries` removes what a save killed half-way left.
"""

from __future__ import annotations

import os
import re
import stat
import time
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


# Unfinished games are kept one file per game in `unfinished/` (app.unfinished). Older
# versions kept each running app's game in `autosave.json` (or `autosave-N.json` beside
# other running apps); games left there are still offered.


def autosave_path() -> Path:
    """The single autosave slot of older versions (`autosave.json`), still read."""
    return data_dir() / AUTOSAVE


# Temporary files of atomic writes (app.storage): `.NAME.PID.RANDOM.tmp` beside NAME.

_TEMPORARY = re.compile(r"^\.(?P<target>.+?)\.(?:(?P<pid>\d+)\.)?[A-Za-z0-9_]+\.tmp$")
#: A temporary file older than this is stale whoever wrote it (its process id may be reused).
STALE_SECONDS = 3600.0


def temporary_prefix(target: Path) -> str:
    """The start of the name of a temporary file written on the way to `target`."""
    return f".{target.name}.{os.getpid()}."


def clean_stale_temporaries(folder: Path | None = None, target: str | None = None) -> int:
    """Remove the temporary files a killed save left behind in `folder` (the data folder
    and its saves folder when None); only those of `target` when given. A temporary file
    is stale when the process that wrote it is gone, or after an hour. The count removed."""
    folders = [folder] if folder is not None else [data_dir(), saves_dir()]
    removed = 0
    now = time.time()
    for place in folders:
        try:
            names = os.listdir(place)
        except OSError:
            continue
        for name in names:
            found = _TEMPORARY.match(name)
            if found is None or (target is not None and found["target"] != target):
                continue
            path = place / name
            try:
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode):
                    continue
                pid = found["pid"]
                alive = pid is not None and _alive(int(pid))
                if alive and now - info.st_mtime < STALE_SECONDS:
                    continue
                path.unlink()
                removed += 1
            except OSError:
                continue
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True  # another user's process, or cannot tell: leave its file alone
    return True
