"""The one way the program reads a file it did not just write: `read_file_bytes`.

It opens without blocking (a FIFO would wait) and without taking a terminal, refuses
anything that is not a regular file once open (fstat, so a swapped link cannot fool it),
and reads at most `limit` + 1 bytes. A refusal is an `UnsafeFile` whose `problem` never
quotes the file's contents.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The read size of one step (the file is read in steps up to its limit).
_STEP = 1 << 20


class UnsafeFile(OSError):
    """A file that was not read: `path` and the `problem` in words."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular one is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_file_bytes(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; UnsafeFile names
    the file as `what` ("a folder, not a settings file")."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):  # (a file where a folder on the way is)
        raise UnsafeFile(path, "no such file") from None
    except IsADirectoryError:
        raise UnsafeFile(path, f"a folder, not a {what}") from None
    except PermissionError:
        raise UnsafeFile(path, "permission denied") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise UnsafeFile(path, getattr(error, "strerror", None) or str(error)) from None
    try:
        kind = kind_of(os.fstat(handle).st_mode)
        if kind is not None:
            raise UnsafeFile(path, f"{kind}, not a {what}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(_STEP, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UnsafeFile(path, f"too large for a {what} (over {limit} bytes)")
        return b"".join(chunks)
    except BlockingIOError:
        raise UnsafeFile(path, f"not ready to be read (not a {what})") from None
    except UnsafeFile:
        raise
    except OSError as error:
        raise UnsafeFile(path, error.strerror or str(error)) from None
    finally:
        os.close(handle)


def read_file_text(path: Path | str, limit: int, what: str = "file") -> str:
    """The text (UTF-8) of the regular file at `path`; UnsafeFile as `read_file_bytes`,
    and for bytes that are not UTF-8."""
    data = read_file_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnsafeFile(path, f"not UTF-8 text (byte {error.start})") from None
