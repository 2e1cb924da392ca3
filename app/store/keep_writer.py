"""The full screen's kept games written off the interface's thread, in order, and never
behind what the screen shows.

Once a game has its file (`app.store.kept_games`: its first write, and any problem with it, are
done at once), each later move's write is handed to one writer thread, in the order the
moves were played, while the screen draws the move: renaming the new file over the old
one waits on the disk (about a millisecond on this machine's ext4, several under load).
Before a frame goes to the terminal the app waits for the writes handed over
(`EquationDuelApp._display` calls `wait`), so a move on the screen is a move in its file:
`kill -9` right after a move finds the game up to that move. Whatever else reads or
changes the kept files waits first as well (a finished game's file dropped, the flush on
leaving, the process's exit).

Only the standard library here: the app imports this at its start.
"""

from __future__ import annotations

import atexit
import queue
import threading
from collections.abc import Callable


class Writer:
    """One thread that runs the jobs handed to it one after another, and a wait until
    all handed so far are done."""

    def __init__(self) -> None:
        self._done = threading.Condition()
        self._pending = 0
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def hand(self, job: Callable[[], None]) -> None:
        """Run `job` on the writer thread after the jobs handed before it (`job` says
        what went wrong itself: an exception it lets out is dropped)."""
        with self._done:
            self._pending += 1
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="equation-duel-keep", daemon=True
                )
                self._thread.start()
        self._jobs.put(job)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                job()
            except Exception:  # (a job tells its own problems; the next ones still run)
                pass
            finally:
                with self._done:
                    self._pending -= 1
                    if self._pending == 0:
                        self._done.notify_all()

    def wait(self) -> None:
        """Return once every job handed so far is done (at once when there is none)."""
        if self._pending == 0 or threading.current_thread() is self._thread:
            return
        with self._done:
            while self._pending:
                self._done.wait()


WRITER = Writer()


def hand(job: Callable[[], None]) -> None:
    WRITER.hand(job)


def wait() -> None:
    """Every write handed over so far is done."""
    WRITER.wait()


atexit.register(wait)  # (the writer is a daemon thread: the last write is not cut off)
