"""One process that has imported the app, from which `serve` forks every browser tab's app
(issue 37): a tab's app then starts without importing anything, and every tab shares the
memory Python, Textual and the app's modules take until it writes to it.

`python -m app.process.zygote FD` is started by the server (`app.serve.forked`) with
the end of a socket pair as `FD` and the environment textual-serve gives an app (its
driver, colours and frame rate, which Textual reads as it is imported). It imports the
app, says `ready`, and then takes one request at a time on the socket: a message naming
the app's arguments and environment, with the tab's three pipes (its input, output and
errors) as file descriptors. It forks a child that becomes the app on those pipes, in
a session of its own (so the server can end its process group), and says the child's
number; when a child ends it says its exit status, as asyncio's `returncode` would be.
It ends at the end of the socket (the server gone), and on Linux with its server too.
Linux only (it watches its children with `pidfd_open`); elsewhere the server starts
each app as a program of its own.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import selectors
import signal
import socket
import sys
import traceback
from collections.abc import Callable
from typing import Any, NoReturn

from app.process.parent_watch import end_with_parent

#: What the child would import first: the menu, the setup screen, the command line.
PRELOADED = ("app.launch", "app.tui.app", "app.tui.setup", "app.cli.main")
#: The most a request may take (bytes): the arguments and the environment.
MAX_REQUEST = 256 * 1024


def _become_the_app(
    request: dict[str, Any], pipes: list[int], dies: Callable[[], None] | None
) -> NoReturn:
    """In the child: the app, on the tab's pipes, with the tab's arguments; it ends as a
    program does (`SystemExit` up through the zygote's frames, whose sockets and selector
    are closed in the child already), so Python's exit runs: its helpers are ended and
    its databases closed, as when `python -m app` ends."""
    code: object = 1
    try:
        os.setsid()
        if dies is not None:
            dies()
        for target, descriptor in zip((0, 1, 2), pipes, strict=True):
            os.dup2(descriptor, target)
        for descriptor in pipes:
            if descriptor > 2:
                os.close(descriptor)
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        sys.argv = ["equation-duel", *map(str, request["args"])]
        signal.signal(signal.SIGINT, signal.default_int_handler)
        gc.enable()
        from app.launch import main

        code = main()
    except SystemExit as ending:
        code = ending.code
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
    raise SystemExit(code if isinstance(code, int) else 1)


def _say(channel: socket.socket, **what: object) -> None:
    channel.send(json.dumps(what).encode())


def _fork(
    channel: socket.socket, watched: selectors.BaseSelector, dies: Callable[[], None] | None
) -> bool:
    """Take one request: fork its app. False at the end of the socket."""
    message, pipes, _, _ = socket.recv_fds(channel, MAX_REQUEST, 3)
    if not message:
        return False
    try:
        request = json.loads(message)
        usable = len(pipes) == 3 and isinstance(request, dict)
        usable = usable and isinstance(request.get("args"), list)
        usable = usable and isinstance(request.get("env"), dict)
    except ValueError:
        usable = False
    if not usable:
        for descriptor in pipes:
            os.close(descriptor)
        _say(channel, refused="a request the zygote cannot read")
        return True
    child = os.fork()
    if child == 0:
        watched.close()
        channel.close()
        _become_the_app(request, pipes, dies)
    for descriptor in pipes:
        os.close(descriptor)
    watched.register(os.pidfd_open(child), selectors.EVENT_READ, child)
    _say(channel, pid=child)
    return True


def _ended(channel: socket.socket, watched: selectors.BaseSelector, key: Any) -> None:
    watched.unregister(key.fd)
    os.close(key.fd)
    _, status = os.waitpid(key.data, 0)
    _say(channel, pid=key.data, exit=os.waitstatus_to_exitcode(status))


def serve_forks(channel: socket.socket) -> None:
    """Import the app, say `ready`, and fork an app for each request until the socket ends."""
    for name in PRELOADED:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()  # what is imported stays in shared pages: no collection touches it
    dies = end_with_parent()  # (each app ends with the zygote, as the zygote with the server)
    _say(channel, ready=True)
    with selectors.DefaultSelector() as watched:
        watched.register(channel, selectors.EVENT_READ, None)
        while True:
            for key, _ in watched.select():
                if key.data is None:
                    if not _fork(channel, watched, dies):
                        return
                else:
                    _ended(channel, watched, key)


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl+C is the server's
    with socket.socket(fileno=int(sys.argv[1])) as channel:
        serve_forks(channel)


if __name__ == "__main__":
    main()
