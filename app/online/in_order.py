"""Coroutines run on the loop of the program they are in, in the order they came (the
host's server and the clients' websocket ends send this way)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class InOrder:
    """`_spawn` runs a coroutine on `_loop` (set as it starts) after those spawned before
    it: at once in the full screen, at the line mode's next wait; none once `stopped`.
    `_settle` waits until they have all run."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.stopped = False

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed() or self.stopped:
            coroutine.close()
            return
        task = loop.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _settle(self) -> None:
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
