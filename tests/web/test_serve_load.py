"""The server under load: connect/disconnect cycles leave no processes and no memory.

Each cycle opens a websocket, waits for the app's first screen, and closes the tab. The
server's resident size is read from /proc after a warm-up and again at the end; the app
processes (its children) must all be gone. The full campaign (200 cycles) is a soak
test; the default run keeps a short version of the same loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import aiohttp
import pytest

from tests.web.support import WAIT, Served, rss_kib, wait_for_room

#: The most the server's resident size may grow over the cycles after the warm-up.
GROWTH_LIMIT_KIB = 5 * 1024


async def cycle(session: aiohttp.ClientSession, server: Served) -> None:
    async with session.ws_connect(f"{server.base}/ws", headers={"Origin": server.base}) as ws:
        while True:
            message = await ws.receive(timeout=WAIT)
            if message.type == aiohttp.WSMsgType.BINARY:
                return
            assert message.type == aiohttp.WSMsgType.TEXT, f"socket ended: {message}"


async def run_cycles(server: Served, count: int, parallel: int) -> None:
    """`count` cycles, `parallel` tabs at a time; waits until every app has ended."""
    ended_before = server.sessions_ended()
    async with aiohttp.ClientSession() as session:
        done = 0
        while done < count:
            batch = min(parallel, count - done)
            await asyncio.gather(*(cycle(session, server) for _ in range(batch)))
            done += batch
            server.wait_apps(0)
            # Every tab of the batch, not just one, must be free before the next batch
            # opens as many at once.
            server.wait_sessions_ended(ended_before + done)
            await wait_for_room(session, server)


async def load(serve: Callable[..., Served], cycles: int, warm_up: int, parallel: int) -> None:
    server = serve("--max-sessions", str(parallel))
    await run_cycles(server, warm_up, parallel)
    before = rss_kib(server.pid)
    await run_cycles(server, cycles, parallel)
    assert server.apps() == []
    after = rss_kib(server.pid)
    print(
        f"server resident size: {before} KiB after the warm-up, {after} KiB after {cycles} cycles"
    )
    assert after - before < GROWTH_LIMIT_KIB, f"server grew from {before} KiB to {after} KiB"
    assert server.process.poll() is None
    async with aiohttp.ClientSession() as session, session.get(server.base) as response:
        assert response.status == 200


async def test_connect_disconnect_cycles_quick(serve: Callable[..., Served]) -> None:
    """The same loop, short: it keeps the campaign's own code working between soaks (that
    a closed tab ends its app is checked by every test in test_serve_http.py)."""
    await load(serve, cycles=1, warm_up=1, parallel=1)


@pytest.mark.soak
async def test_connect_disconnect_cycles_soak(serve: Callable[..., Served]) -> None:
    await load(serve, cycles=200, warm_up=20, parallel=4)
