"""An app started by `serve` ends when its server ends, where no parent-death signal
exists (Linux uses one): the server passes the read end of a pipe only it writes to
(`EQUATION_DUEL_SERVER_PIPE`); at end-of-file the app sends itself SIGHUP, as a closed
terminal would, keeping its game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import threading

#: The environment variable naming the pipe's read end (a file descriptor number).
SERVER_PIPE = "EQUATION_DUEL_SERVER_PIPE"


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
