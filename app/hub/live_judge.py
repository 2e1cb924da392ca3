"""The solver's judging off the hub's loop: a live round's puzzle prepared, each answer
judged (its refutation found), a closed round's spread and the session's summary, a
homework answer judged: all on one worker thread of their own (the standard library's
one-worker `ThreadPoolExecutor`, as `app.hub.store_queue` runs the records), in the order
they were asked, so the loop keeps serving every other student meanwhile. One worker for
every hub of the process: the solver's tables are filled by one thread at a time.

A thread, not the search helper process: the judge reads the round's own tables (every
move's value, the refutations found so far) that a helper process would have to be sent
each time; the loop gets its turn between the solver's steps (Python switches threads
every few milliseconds), which is what it needs to keep answering (bench/hub.py --live).

When the last work asked is done, the solver's tables are emptied (on the judges' thread):
the hub lives for a whole session, and a burst of answers is judged with them, but
nothing is kept from one burst to the next (bench/memory.py --class-session, issue 37).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from rules.solver.core import clear_cache

T = TypeVar("T")

_JUDGE = ThreadPoolExecutor(1, "hub-judge")
#: Work asked and not done yet (every hub of the process).
_waiting = [0]
_lock = threading.Lock()


def _then_forget(work: Callable[..., T], *args: Any) -> T:
    try:
        return work(*args)
    finally:
        if _done():
            clear_cache()


def _done() -> bool:
    """One piece of work less (done, or cancelled before it ran): was it the last?"""
    with _lock:
        _waiting[0] -= 1
        return _waiting[0] == 0


async def judging(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` on the judges' thread, awaited (its exception raised here)."""
    with _lock:
        _waiting[0] += 1
    try:
        job = _JUDGE.submit(_then_forget, work, *args)
    except RuntimeError:  # (the executor shut down: nothing was asked)
        _done()
        raise
    job.add_done_callback(lambda job: job.cancelled() and _done())
    return await asyncio.wrap_future(job)
