"""An app started by `serve` ends when its server ends, where no parent-death signal exists.

On Linux the server asks the kernel to send each app SIGHUP when the server dies
(app/serve/session.py). Elsewhere (macOS, the BSDs) the server gives each app the read
end of a pipe whose write end only the server holds, and names it in
`EQUATION_DUEL_SERVER_PIPE`. When the server ends, however it ends (SIGKILL included),
the system closes the write end; the app reads end-of-file and sends itself SIGHUP, as
a closed terminal would: it keeps its game and quits.

`watch_server()` is called once, by `python -m app` (app/__main__.py), before the app
starts; without the variable it does nothing.
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
