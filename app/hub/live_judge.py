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
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_JUDGE = ThreadPoolExecutor(1, "hub-judge")


async def judging(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` on the judges' thread, awaited (its exception raised here)."""
    return await asyncio.get_running_loop().run_in_executor(_JUDGE, work, *args)
