"""An app started by `serve` ends when its server ends: on Linux by a parent-death signal
(`end_with_parent`), elsewhere the server passes the read end of a pipe only it writes to
(`EQUATION_DUEL_SERVER_PIPE`); at end-of-file the app sends itself SIGHUP, as a closed
terminal would, keeping its game.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable
from typing import Any

#: The environment variable naming the pipe's read end (a file descriptor number).
SERVER_PIPE = "EQUATION_DUEL_SERVER_PIPE"

#: Linux's prctl option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1
#: What an app gets when its server dies: the signal of a terminal that closed.
PARENT_DEATH_SIGNAL = signal.SIGHUP


@functools.cache
def end_with_parent() -> Callable[[], None] | None:
    """A function run in the app's process before the app starts (Linux): SIGHUP when
    the server dies, or exit at once if it is already gone. None without prctl."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # (here: every launch imports this module, and only serve needs it)

    try:
        prctl: Any = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    server = os.getpid()

    def in_the_app_process() -> None:
        # Between fork and exec: nothing here may take a lock or allocate much.
        prctl(PR_SET_PDEATHSIG, int(PARENT_DEATH_SIGNAL), 0, 0, 0)
        if os.getppid() != server:  # the server died before the line above ran
            os._exit(1)

    return in_the_app_process


def watch_server() -> threading.Thread | None:
    """Start watching the server's pipe, if there is one; the watching thread."""
    named = os.environ.pop(SERVER_PIPE, None)
    if named is None or not named.isdigit() or not hasattr(signal, "SIGHUP"):
        return None
    descriptor = int(named)
    if descriptor <= 2:  # never the app's own input or output
        return None
    try:
        if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return None
    except (OSError, OverflowError):
        return None
    watcher = threading.Thread(
        target=_wait_for_the_server, args=(descriptor,), name="server-watch", daemon=True
    )
    watcher.start()
    return watcher


def _wait_for_the_server(descriptor: int) -> None:
    """Block until the pipe's write end is closed (the server never writes to it)."""
    try:
        while os.read(descriptor, 512):
            pass
    except OSError:  # not the end of the server: watch no more
        return
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    os.kill(os.getpid(), signal.SIGHUP)
