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

The writer is a one-thread `concurrent.futures` executor: it runs the jobs in the order
handed, and the process's exit waits for the ones handed (as every executor's does).
A second writer, `JUDGE`, judges each finished game for the teacher's report
(app.classroom.report.judged) once it is kept: its jobs are never waited for by a frame,
only by `wait_judged` (the tests, a benchmark) and by the process's exit.

Only the standard library here: the app imports this at its start.
"""

from __future__ import annotations

import concurrent.futures
import threading
from collections.abc import Callable

_NAME = "equation-duel-keep"


class Writer:
    """One thread that runs the jobs handed to it one after another, and a wait until
    all handed so far are done."""

    def __init__(self, name: str = _NAME) -> None:
        self._name = name
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=name)
        self._last: concurrent.futures.Future[None] | None = None

    def hand(self, job: Callable[[], None]) -> None:
        """Run `job` on the writer thread after the jobs handed before it (`job` says
        what went wrong itself: an exception it lets out is dropped, the next ones run)."""
        self._last = self._pool.submit(job)

    def wait(self) -> None:
        """Return once every job handed so far is done (at once when there is none): the
        last one handed is done only after all before it, on the one thread."""
        last = self._last
        if last is None or last.done() or threading.current_thread().name.startswith(self._name):
            return
        concurrent.futures.wait([last])


WRITER = Writer()
JUDGE = Writer("equation-duel-judge")


def hand(job: Callable[[], None]) -> None:
    WRITER.hand(job)


def wait() -> None:
    """Every write handed over so far is done."""
    WRITER.wait()


def hand_judging(job: Callable[[], None]) -> None:
    """Run `job` on the judge's thread, after the ones handed before it."""
    JUDGE.hand(job)


def wait_judged() -> None:
    """Every judging handed over so far is done."""
    JUDGE.wait()
