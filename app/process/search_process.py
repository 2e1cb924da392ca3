"""Long searches (the perfect computer, hints, the analysis) in a helper process, so they
never hold the interpreter's lock against the screen; cancelling ends the process.

One helper answers one question at a time and keeps its solver tables between questions.
Helpers are forked from a clean `forkserver` with the rules imported (no Textual), so
starting one costs milliseconds. Textual-free: both front ends use it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

T = TypeVar("T")

#: Modules the fork server imports once, so every helper starts with them loaded.
PRELOAD = [
    "rules.registry",
    "rules.solver.core",
    "rules.players",
    "rules.analysis",
    "app.process.helper_tasks",
]

#: How long an ended helper is given to go before it is killed (seconds).
END_GRACE = 0.3


class SearchCancelled(Exception):
    """The search was cancelled (or its process ended) before it answered."""


class SearchFailed(Exception):
    """The search raised in the helper: `kind` is the error's class name, `detail` its
    message (or the class name when it has none)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail or kind


#: Every search process made (weakly): `end_all` ends them when the app quits.
_made: weakref.WeakSet[SearchProcess] = weakref.WeakSet()


def end_all() -> None:
    """End every helper process still running (the app calls this as it exits)."""
    for search in list(_made):
        search.cancel()


def _context() -> ForkServerContext | SpawnContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def start_server() -> None:
    """Start the fork server now, in a thread, so the next helper is forked at once
    (nothing where helpers are spawned afresh)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return
    threading.Thread(target=_start_server, name="equation-duel-fork-server", daemon=True).start()


def _start_server() -> None:
    from multiprocessing import forkserver

    _context()  # (what it preloads)
    with contextlib.suppress(Exception), _real_stderr():  # the next helper tries again
        forkserver.ensure_running()


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """The real standard error while the fork server starts: under Textual `sys.stderr` is
    a capture whose `fileno()` is -1, which the server cannot hand on."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = True  # (not a file at all, as a test's capture: the server starts; and
        # swapping the stream here, in a thread, sent the program's words elsewhere)
    if usable or sys.__stderr__ is None:
        yield
        return
    captured, sys.stderr = sys.stderr, sys.__stderr__
    try:
        yield
    finally:
        # (This runs in a thread: if the program set another stream meanwhile, it stays.
        # Putting back `captured` then would leave a stream since closed in its place.)
        if sys.stderr is sys.__stderr__:
            sys.stderr = captured


def _serve(conn: Connection) -> None:
    """The helper process: answer `(function, args)` requests until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the app's to handle
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", function(*args))
        except Exception as error:
            answer = ("error", (type(error).__name__, str(error)))
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class SearchProcess:
    """One helper process for searches. `run` blocks (call it from a worker thread);
    `cancel` and `close` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._generation = 0
        _made.add(self)

    @property
    def running(self) -> bool:
        """Whether a helper process is alive (for tests and the status line)."""
        process = self._process
        return process is not None and process.is_alive()

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None else None

    def _start(self) -> tuple[Connection, int]:
        with self._lock:
            if self._process is None or not self._process.is_alive():
                context = _context()
                parent, child = context.Pipe()
                process = context.Process(target=_serve, args=(child,), daemon=True)
                with _real_stderr():
                    process.start()
                child.close()
                self._process, self._conn = process, parent
            assert self._conn is not None
            return self._conn, self._generation

    def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in the helper (both picklable), one question at a time; raises
        `SearchCancelled` if cancelled meanwhile, `SearchFailed` if it raised."""
        conn, generation = self._start()
        try:
            conn.send((function, args))
            kind, value = conn.recv()
        except (EOFError, OSError, BrokenPipeError) as ended:
            raise SearchCancelled("the search was cancelled") from ended
        if generation != self._generation:
            raise SearchCancelled("the search was cancelled")
        if kind == "error":
            kind, detail = value
            raise SearchFailed(kind, detail)
        result: T = value
        return result

    def cancel(self) -> None:
        """End the helper process now (whatever it is doing); the next `run` starts anew."""
        with self._lock:
            process, conn = self._process, self._conn
            self._process = self._conn = None
            self._generation += 1
        if process is None:
            return
        if process.is_alive():
            process.terminate()
            process.join(END_GRACE)
            if process.is_alive():
                process.kill()
                process.join(END_GRACE)
        if conn is not None:
            conn.close()
        process.close()

    close = cancel
