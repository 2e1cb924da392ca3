"""A small websocket proxy for tests, on loopback only, that drops, delays, duplicates
and cuts messages between a guest and its host. Its loops are bounded."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import dataclass, field

import aiohttp
from aiohttp import web

#: The most messages one proxy carries (a bound on its loops).
MAX_MESSAGES = 2000


@dataclass
class Faults:
    """What to do to the n-th message (counted from 1 in each direction)."""

    delay: float = 0.0
    duplicate: set[int] = field(default_factory=set)
    #: Drop the n-th message from the host, then cut the connection.
    drop_then_cut: set[int] = field(default_factory=set)
    #: Cut the connection before the n-th message from the host.
    cut: set[int] = field(default_factory=set)


class FaultProxy:
    def __init__(self, target_url: str, faults: Faults) -> None:
        self.target = target_url
        self.faults = faults
        self.port = 0
        self.cuts = 0
        self._from_host = 0
        self._carried = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> int:
        self._thread.start()
        self._ready.wait(10)
        return self.port

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_get("/play", self._handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self._loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = int(runner.addresses[0][1])
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(runner.cleanup())
        self._loop.close()

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        guest = web.WebSocketResponse()
        await guest.prepare(request)
        async with aiohttp.ClientSession() as session, session.ws_connect(self.target) as host:
            cut = asyncio.Event()
            up = asyncio.ensure_future(self._carry(guest, host, cut, from_host=False))
            down = asyncio.ensure_future(self._carry(host, guest, cut, from_host=True))
            await cut.wait()
            for task in (up, down):
                task.cancel()
            with contextlib.suppress(Exception):
                await host.close()
            with contextlib.suppress(Exception):
                await guest.close()
        return guest

    async def _carry(
        self, source: object, sink: object, cut: asyncio.Event, *, from_host: bool
    ) -> None:
        try:
            async for message in source:  # type: ignore[attr-defined]
                if message.type != aiohttp.WSMsgType.TEXT or self._carried > MAX_MESSAGES:
                    break
                self._carried += 1
                if from_host:
                    self._from_host += 1
                    n = self._from_host
                    if n in self.faults.cut:
                        self.faults.cut.discard(n)
                        self._from_host -= 1  # (it comes again after the rejoin)
                        break
                    if n in self.faults.drop_then_cut:
                        self.faults.drop_then_cut.discard(n)
                        self.cuts += 1
                        break
                if self.faults.delay:
                    await asyncio.sleep(self.faults.delay)
                await sink.send_str(message.data)  # type: ignore[attr-defined]
                if from_host and self._from_host in self.faults.duplicate:
                    await sink.send_str(message.data)  # type: ignore[attr-defined]
                if not from_host and self._carried in self.faults.duplicate:
                    await sink.send_str(message.data)  # type: ignore[attr-defined]
        finally:
            cut.set()
