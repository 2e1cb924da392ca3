"""Where the app keeps its files: the data folder and the names inside it.

The folder is `platformdirs.user_data_dir("equation-duel")`, or the folder named by the
`EQUATION_DUEL_DATA` environment variable (tests use it). This module imports nothing
heavy, so the menu can ask whether a game was left unfinished (`unfinished_autosaves()`)
without loading the records, the rules or pydantic (`app.storage` reads and writes the
files themselves). `clean_stale_temporaries` removes what a save killed half-way left.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from app.atomic_files import STALE_SECONDS as STALE_SECONDS
from app.atomic_files import clean_temporaries

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


# Autosave slots: several apps may share one data folder (terminals, browser tabs), and
# each keeps its unfinished game in a slot of its own: `autosave.json`, or
# `autosave-2.json`, `autosave-3.json`, ... while other running apps hold the lower ones.
# A running app holds its slot's lock (`.autosave*.json.lock`, flock) until it ends.

_SLOT = re.compile(r"autosave(?:-([0-9]{1,4}))?\.json")
#: This process's slot in each data folder, with the open lock file that holds it.
_held: dict[Path, tuple[Path, int]] = {}


def _slot_path(folder: Path, number: int) -> Path:
    return folder / (AUTOSAVE if number == 1 else f"autosave-{number}.json")


def _slot_number(path: Path) -> int | None:
    match = _SLOT.fullmatch(path.name)
    if match is None:
        return None
    return int(match.group(1)) if match.group(1) else 1


def _try_lock(path: Path) -> int | None:
    """Take the slot's lock without waiting: the open lock file, or None when another
    running app holds it (-1 where the system has no file locks: every slot is free)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Linux or macOS
        return -1
    fd = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _unlock(fd: int) -> None:
    if fd >= 0:
        os.close(fd)


def autosave_path() -> Path:
    """This app's autosave slot: the first one no other running app holds (taken on first
    use and held until the app ends). A lone app gets `autosave.json`, as it always had."""
    folder = data_dir()
    held = _held.get(folder)
    if held is not None:
        return held[0]
    if not folder.is_dir():
        return folder / AUTOSAVE  # nothing to hold yet: writing creates the folder first
    number = 1
    while True:
        path = _slot_path(folder, number)
        fd = _try_lock(path)
        if fd is not None:
            _held[folder] = (path, fd)
            return path
        number += 1


def claim_autosave() -> Path | None:
    """Take this app's slot at its start, so apps running at once never share one; None
    when the data folder cannot be made (the app then says so when it tries to save)."""
    try:
        ensure_data_dir()
        return autosave_path()
    except OSError:
        return None


def adopt_autosave(path: Path) -> bool:
    """Make `path` this app's slot (its game is being resumed here); False when another
    running app holds it. The slot held before is let go (its file stays, offered later)."""
    folder = path.parent
    held = _held.get(folder)
    if held is not None and held[0] == path:
        return True
    fd = _try_lock(path)
    if fd is None:
        return False
    if held is not None:
        _unlock(held[1])
    _held[folder] = (path, fd)
    return True


def unfinished_autosaves() -> list[Path]:
    """The autosave files no other running app holds: this app's own and those left by
    apps that have ended, lowest slot first."""
    folder = data_dir()
    if not folder.is_dir():
        return []
    held = _held.get(folder)
    found: list[tuple[int, Path]] = []
    for path in folder.glob("autosave*.json"):
        number = _slot_number(path)
        if number is None:
            continue
        if held is None or held[0] != path:
            fd = _try_lock(path)
            if fd is None:
                continue  # another app is playing it now
            _unlock(fd)
        found.append((number, path))
    return [path for _, path in sorted(found)]


# Temporary files of atomic writes (app.atomic_files): `.NAME.equation-duel-PID-RANDOM.tmp`.


def clean_stale_temporaries(folder: Path | None = None, target: str | None = None) -> int:
    """Remove the temporary files a killed save left behind in `folder` (the data folder
    and its saves folder when None); only those of `target` when given. Only names this
    program makes are touched (app.atomic_files); the count removed."""
    folders = [folder] if folder is not None else [data_dir(), saves_dir()]
    return clean_temporaries(folders, target)
