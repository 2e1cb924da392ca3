"""The hub's records off its loop: every statement of the class's database runs on one
worker thread (the standard library's one-worker `ThreadPoolExecutor`), in the order it
was asked, so a slow PostgreSQL never stalls the class.

The loop asks in three ways:
- `call` (awaited): an answer it needs to go on (a student's token at the door, a new
  game's number); the loop serves everyone else meanwhile.
- `later`: a write it need not wait for (a move kept, a result): queued in order behind
  the statements before it; a failure reaches the teacher's console in words through
  `notice` ("Game 3's move 7 could not be kept: …"), never a traceback.
- the store's own methods, called as before (the teacher's commands and the console's
  lists: `admit`, `remove`, `games`): they wait for the queue, so they read what every
  write before them wrote.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from app.hub.store_sql import HubStore, Rows, StoreProblem

T = TypeVar("T")


def _nothing() -> None:
    return None


class QueuedStore(HubStore):
    """`inner`'s records, every statement on one worker thread, in order (see the
    module's docstring)."""

    def __init__(self, inner: HubStore, notice: Callable[[str], object]) -> None:
        self.inner = inner
        self.where = inner.where
        self.errors = inner.errors
        self.notice = notice
        self._worker: threading.Thread | None = None
        self._shut = False
        self._pool = ThreadPoolExecutor(1, "hub-store", initializer=self._mark)

    def _mark(self) -> None:
        self._worker = threading.current_thread()

    def _run(self, sql: str, parameters: tuple[object, ...]) -> Rows:
        if self._shut or threading.current_thread() is self._worker:
            return self.inner._run(sql, parameters)
        return self._pool.submit(self.inner._run, sql, parameters).result()

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        """`method(*args)` (one of this store's) on the worker, awaited."""
        if self._shut:
            return method(*args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, method, *args)

    def later(self, failed: str, method: Callable[..., object], *args: Any) -> None:
        """`method(*args)` on the worker, not awaited; a StoreProblem is said on the
        console as "`failed`: why." (`failed`: what could not be done, in words)."""
        if self._shut:
            try:
                method(*args)
            except StoreProblem as problem:
                self.notice(f"{failed}: {problem}.")
            return
        loop = asyncio.get_running_loop()

        def done(future: Future[object]) -> None:
            problem = future.exception()
            if isinstance(problem, StoreProblem):
                loop.call_soon_threadsafe(self.notice, f"{failed}: {problem}.")
            elif problem is not None:
                words = f"{failed} ({type(problem).__name__})."
                loop.call_soon_threadsafe(self.notice, words)

        self._pool.submit(method, *args).add_done_callback(done)

    async def drain(self) -> None:
        """Wait until every statement asked so far has run; from then on, statements run
        on the caller's thread (the hub has stopped)."""
        if not self._shut:
            await self.call(_nothing)
            self._pool.shutdown()  # (what came meanwhile: a statement or two)
            self._shut = True

    def close(self) -> None:
        self._shut = True
        self._pool.shutdown()
        self.inner.close()


async def asked(store: HubStore, method: Callable[..., T], *args: Any) -> T:
    """`method(*args)`, one of `store`'s: awaited off the loop when `store` is queued."""
    if isinstance(store, QueuedStore):
        return await store.call(method, *args)
    return method(*args)


def later(store: HubStore, failed: str, method: Callable[..., object], *args: Any) -> None:
    """`method(*args)`, one of `store`'s, not awaited when `store` is queued (`QueuedStore.
    later`); a StoreProblem is said through the queue's `notice`, or raised when it is not
    queued."""
    if isinstance(store, QueuedStore):
        store.later(failed, method, *args)
    else:
        method(*args)
