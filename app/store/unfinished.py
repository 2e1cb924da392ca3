"""Where unfinished games are kept: one file per game, each held by the app playing it.

Slots belong to games, not to running apps. A game left unfinished is kept in
`unfinished/<record id>.json` in the data folder until it is finished or the player
discards it, so any number of them wait for the next start. The app playing a game holds
its file's lock (`unfinished/.<record id>.json.lock`, `filelock`) from the game's first kept
move until the game ends or the app does, so two apps never write the same game's file
at once: a second app playing the same game (two `--load`s of one record) keeps it in
`<record id>-2.json`. When a file cannot be written (a pipe or a folder where it should
be, a read-only folder), the game is kept in the next slot: `<id>-2.json` ... `<id>-5.json`,
then `unfinished-<id>.json` in the data folder itself.

Games left by older versions in `autosave.json` / `autosave-N.json` are still offered; one
resumed is kept on in its old file, which is removed when the game is finished or
discarded. `scan()` lists every kept game no other running app is playing, newest first,
and the files it cannot use (a lock that cannot be opened) with the reason.

This module imports nothing heavy (the menu asks it whether a game was left without
loading pydantic); `app.store.storage` writes and reads the records.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from app.store.data_folder import data_dir

if TYPE_CHECKING:
    from filelock import FileLock

UNFINISHED = "unfinished"
#: How many files one game may be kept in, in `unfinished/`, before the data folder's own.
EXTRA_SLOTS = 4

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
_LEGACY = re.compile(r"autosave(?:-[0-9]{1,4})?\.json")
_FALLBACK = re.compile(r"unfinished-[A-Za-z0-9_-]{1,64}\.json")

#: The lock of each slot this process holds.
_locks: dict[Path, FileLock] = {}
#: The slot each game (data folder, key) is kept in by this process.
_games: dict[tuple[Path, str], Path] = {}


class SlotError(OSError):
    """A slot's lock cannot be opened or taken (not: another app holds it)."""


def unfinished_dir() -> Path:
    return data_dir() / UNFINISHED


def game_key(record_id: str) -> str:
    """The record id as a file name: itself when it is a plain one (the app's ids are hex),
    else a hash of it (a record id is outside text)."""
    if _KEY.fullmatch(record_id):
        return record_id
    digest = hashlib.sha256(record_id.encode("utf-8", "replace")).hexdigest()
    return f"id-{digest[:32]}"


def lock_path(slot: Path) -> Path:
    return slot.with_name(f".{slot.name}.lock")


def _try_lock(slot: Path) -> FileLock | None:
    """Take the slot's lock without waiting (`filelock`: flock where the system has it):
    the lock held, or None when another running app holds it. SlotError when the lock
    cannot be used (something there that is not a file, a link, owned by another user, a
    read-only folder)."""
    from filelock import FileLock, Timeout

    lock = lock_path(slot)
    with contextlib.suppress(FileNotFoundError):  # (a pipe would be locked; a folder is
        mode = os.lstat(lock).st_mode  # refused when opened, below)
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise SlotError(errno.EINVAL, f"its lock {lock.name} is not a file")
    held = FileLock(lock, timeout=0, mode=0o600, thread_local=False)
    try:
        held.acquire()
    except Timeout:
        return None
    except OSError as error:
        raise SlotError(
            error.errno, f"its lock {lock.name} cannot be opened: {error.strerror or error}"
        ) from None
    return held


def hold(slot: Path) -> bool:
    """This app holds `slot` from now on (True), or another running app does (False).
    SlotError when its lock cannot be used."""
    if slot in _locks:
        return True
    held = _try_lock(slot)
    if held is None:
        return False
    _locks[slot] = held
    return True


def release(slot: Path, remove_lock: bool = False) -> None:
    """Let `slot` go (its game is no longer played here); `remove_lock` when its file is
    gone too (the game was finished or discarded)."""
    for game, path in list(_games.items()):
        if path == slot:
            del _games[game]
    held = _locks.pop(slot, None)
    if held is None:
        return
    if remove_lock:
        with contextlib.suppress(OSError):
            lock_path(slot).unlink()
    held.release()


def release_all() -> None:
    """The app ends: every game it was playing is let go (their files stay, offered next
    time)."""
    for slot in list(_locks):
        release(slot)


def held_slot(record_id: str) -> Path | None:
    """Where this app keeps the game `record_id` now (None: nowhere yet)."""
    return _games.get((data_dir(), game_key(record_id)))


def candidates(folder: Path, key: str) -> list[Path]:
    """The files game `key` may be kept in, in order of preference."""
    place = folder / UNFINISHED
    extra = [place / f"{key}-{number}.json" for number in range(2, EXTRA_SLOTS + 2)]
    return [place / f"{key}.json", *extra, folder / f"unfinished-{key}.json"]


def slot_for(record_id: str, avoid: Iterable[Path] = (), problems: list[str] | None = None) -> Path:
    """The file this app keeps game `record_id` in: the one it holds already, else the
    first free one it can take (and hold), skipping `avoid` (files that could not be
    written); why a slot could not be taken is added to `problems`. OSError (the last
    problem met) when none can be had."""
    folder = data_dir()
    key = game_key(record_id)
    skip = set(avoid)
    current = _games.get((folder, key))
    if current is not None:
        if current not in skip:
            return current
        release(current)
    problem: OSError = OSError(errno.EBUSY, "every file for this game is in use")
    for slot in candidates(folder, key):
        if slot in skip:
            continue
        try:
            slot.parent.mkdir(parents=True, exist_ok=True)
            if hold(slot):
                _games[(folder, key)] = slot
                return slot
        except OSError as error:
            if isinstance(error, SlotError):
                error = SlotError(error.errno, f"{slot} ({error.strerror or error})")
            else:
                error = SlotError(error.errno, f"{slot.parent}: {error.strerror or error}")
            problem = error
            if problems is not None:
                problems.append(str(error.strerror))
    raise problem


def adopt(slot: Path, record_id: str) -> bool:
    """The game kept in `slot` is resumed here: this app holds the file and keeps the game
    in it from now on. False when another running app holds it; SlotError when its lock
    cannot be used."""
    if not hold(slot):
        return False
    folder = data_dir()
    key = game_key(record_id)
    old = _games.get((folder, key))
    if old is not None and old != slot:
        release(old)
    _games[(folder, key)] = slot
    return True


def remove(slot: Path) -> bool:
    """Delete the kept game in `slot` (finished or discarded) with its lock; False when
    another running app is playing it, or it cannot be deleted (it is left alone)."""
    try:
        if not hold(slot):
            return False
    except SlotError:
        return False
    try:
        slot.unlink()
    except FileNotFoundError:
        pass
    except OSError:  # a read-only folder: the file stays (offered again next time)
        release(slot)
        return False
    release(slot, remove_lock=True)
    return True


def held_slots() -> list[Path]:
    """Every slot this app holds in the current data folder."""
    folder = data_dir()
    return [path for (place, _), path in _games.items() if place == folder]


@dataclass
class Scan:
    """What the data folder keeps: the unfinished games no other running app is playing
    (newest first), and the files that cannot be used, each with why."""

    games: list[Path] = field(default_factory=list)
    unusable: list[tuple[Path, str]] = field(default_factory=list)


def scan(folder: Path | None = None) -> Scan:
    """The unfinished games kept in `folder` (the data folder when None)."""
    folder = data_dir() if folder is None else folder
    found: list[Path] = []
    for place, fits in ((folder, _old_name), (folder / UNFINISHED, _slot_name)):
        try:
            names = os.listdir(place)
        except OSError:
            continue
        found.extend(place / name for name in names if fits(name))
    result = Scan()
    dated: list[tuple[float, str, Path]] = []
    for path in found:
        try:
            modified = path.lstat().st_mtime
        except OSError:
            continue  # gone since the folder was listed
        try:
            if not stat.S_ISREG(path.stat().st_mode):
                result.unusable.append((path, "not a file"))
                continue
        except OSError as error:
            result.unusable.append((path, str(error.strerror or error)))
            continue
        if path not in _locks:
            try:
                held = _try_lock(path)
            except SlotError as error:
                result.unusable.append((path, str(error.strerror or error)))
                continue
            if held is None:
                continue  # another app is playing it now
            held.release()
        dated.append((modified, path.name, path))
    result.games = [path for *_, path in sorted(dated, reverse=True)]
    return result


def _old_name(name: str) -> bool:
    return bool(_LEGACY.fullmatch(name) or _FALLBACK.fullmatch(name))


def _slot_name(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


def saving_problem() -> str | None:
    """Can this app keep games at all? None when it can (in `unfinished/`, or else in the
    data folder itself); else why not, in words for the player."""
    problem = None
    for folder in (unfinished_dir(), data_dir()):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".probe-{os.getpid()}"
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            os.close(os.open(probe, flags, 0o600))
            probe.unlink()
        except OSError as error:
            problem = problem or f"{error.filename or folder}: {error.strerror or error}"
            continue
        return None
    return problem
