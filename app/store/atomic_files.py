"""The one writer of every file the program writes (`write_file`), and the temporaries
it leaves when killed half-way.

The data goes to a temporary file beside the target, created exclusively (never an
existing file, never through a link) under a name only this program makes,
`.NAME.equation-duel-PID-RANDOM.tmp`, is fsynced, then renamed over the target: the file
is the old one or the new one, whole. `clean_temporaries` removes only names of that
form whose process is gone (or older than an hour). Standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

from rules.safe_files import kind_of

#: The mark in every temporary file's name.
MARK = "equation-duel"
#: A temporary file older than this is stale whoever wrote it (its process id may be reused).
STALE_SECONDS = 3600.0
#: The longest part of the target's name kept in a temporary's name (255 bytes at most).
_NAME_ROOM = 180

_TEMPORARY = re.compile(
    rf"^\.(?P<target>.+)\.{MARK}-(?P<pid>[1-9][0-9]{{0,9}})-[0-9a-f]{{8}}\.tmp$", re.DOTALL
)


def _target_part(name: str) -> str:
    """The target's name as it appears in its temporary files' names (cut if too long)."""
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) <= _NAME_ROOM:
        return name
    return encoded[:_NAME_ROOM].decode("utf-8", "ignore")


def temporary_name(target: Path) -> str:
    """A new temporary file's name for a write to `target`."""
    return f".{_target_part(target.name)}.{MARK}-{os.getpid()}-{secrets.token_hex(4)}.tmp"


def temporary_target(name: str) -> tuple[str, int] | None:
    """(target name, pid) when `name` is one of this program's temporary files."""
    found = _TEMPORARY.match(name)
    if found is None:
        return None
    return found["target"], int(found["pid"])


def _create_temporary(folder: Path, target: Path) -> tuple[int, Path]:
    """A new temporary file for `target`, opened for writing; never an existing one."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        temporary = folder / temporary_name(target)
        try:
            return os.open(temporary, flags, 0o666), temporary  # the umask applies
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")


def write_file(path: Path | str, data: str | bytes, sync: bool = True, new: bool = False) -> Path:
    """Write `data` (text as UTF-8) into `path`: the old file or the new one whole, whatever
    stops the program. Anything at `path` but a regular file is refused (`NotAFile`); with
    `new` the name is taken only if free (FileExistsError else). On failure the temporary
    file is removed and the OSError propagates. With `sync` False nothing waits for the disk
    (a kill keeps the file, a power cut may not)."""
    problem = write_problem(path)
    if problem is not None:
        raise NotAFile(problem)
    path = Path(path)
    folder = path.parent
    handle, temporary = _create_temporary(folder, path)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data.encode("utf-8") if isinstance(data, str) else data)
            if sync:
                file.flush()
                os.fsync(file.fileno())
        if new:
            _take_new_name(temporary, path)
        else:
            os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if sync:
        sync_path(folder)  # (the rename itself made durable)
    return path


def _take_new_name(temporary: Path, path: Path) -> None:
    """Give the written temporary file the name `path` only if nothing has it."""
    try:
        os.link(temporary, path, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # no hard links in this folder (some shared ones): take the name first
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        os.close(os.open(path, flags, 0o600))
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def sync_path(path: Path, flags: int = os.O_RDONLY) -> None:
    """Flush a file or folder to the disk, quietly (nothing to do where it cannot be
    opened: the write itself has succeeded)."""
    try:
        handle = os.open(path, flags)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(handle)
    os.close(handle)


def clean_temporaries(folders: list[Path], target: str | None = None) -> int:
    """Remove this program's temporary files in `folders` (of `target` only, when given)
    whose process is gone or that are over an hour old; the count removed."""
    removed = 0
    now = time.time()
    wanted = None if target is None else _target_part(target)
    for place in folders:
        try:
            names = os.listdir(place)
        except OSError:
            continue
        for name in names:
            found = temporary_target(name)
            if found is None or (wanted is not None and found[0] != wanted):
                continue
            path = place / name
            try:
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode):
                    continue
                if _alive(found[1]) and now - info.st_mtime < STALE_SECONDS:
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


class NotAFile(OSError):
    """A write refused: what is at the path is not a regular file, or the path names no
    file; `problem` (also the error's `strerror`) says so in words."""

    def __init__(self, problem: str) -> None:
        super().__init__(errno.EINVAL, problem)
        self.problem = problem


def file_argument(text: str) -> Path:
    """A command's FILE (`--save`, `--csv`, `-o`): a name ending in a slash is refused in
    words here (Path would drop the slash and write a file of the folder's name)."""
    if not text:
        raise argparse.ArgumentTypeError("a file's name is needed")
    if text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError(f"{text} names a folder, not a file")
    return Path(text)


def write_problem(path: Path | str) -> str | None:
    """Why a file cannot be written at `path` (None when it can): what is there is not a
    regular file, or the folder does not exist."""
    path = Path(path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    except OSError as error:  # (a file where a folder on the way should be: ENOTDIR)
        return f"{path}: {error.strerror or error}"
    if stat.S_ISLNK(mode):
        return f"{path} is a link, not a file (nothing is written through a link)"
    if (kind := kind_of(mode)) is not None:
        return f"{path} is {kind}, not a file"
    if not path.parent.is_dir():
        return f"the folder {path.parent} does not exist"
    return None
