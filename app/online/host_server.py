"""The host's server: an aiohttp websocket server on an event loop in a thread of its
own (`start`, `stop`), with `_call` to run a coroutine on it from the referee's thread.
What it serves, and to whom, is `app.online.host_link.HostLink`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
from typing import Any

from aiohttp import web


class HostServer:
    """The server's thread and loop; `HostLink` handles `/play`."""

    def __init__(self, bind: str, port: int, tls: ssl.SSLContext | None) -> None:
        self.bind = bind
        self.port = port
        self.tls = tls
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        raise NotImplementedError

    async def _close_guests(self) -> None:
        """Close the guests' connections (the server stops)."""

    def _goodbye(self, reason: str) -> None:
        """Say goodbye to the guests, with `reason`."""

    # The thread

    def start(self) -> int:
        """Listen; the port listened on."""
        started = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._listen())
            except BaseException as error:  # told to the caller, which says it
                failure.append(error)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(self._shut())
            loop.close()

        self._thread = threading.Thread(target=run, name="online-host", daemon=True)
        self._thread.start()
        started.wait()
        if failure:
            raise failure[0]
        return self.port

    async def _listen(self) -> None:
        app = web.Application()
        app.router.add_get("/play", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, ssl_context=self.tls)
        await site.start()
        address = self._runner.addresses[0]
        self.port = int(address[1])

    async def _shut(self) -> None:
        await self._close_guests()
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self, reason: str = "") -> None:
        """Say goodbye to the guest (if here) and stop listening."""
        loop = self._loop
        if loop is None or self._stopped.is_set():
            return
        self._stopped.set()
        if reason:
            self._goodbye(reason)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _call(self, coroutine: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            coroutine.close()
            return
        try:
            future = asyncio.run_coroutine_threadsafe(coroutine, loop)
        except RuntimeError:
            coroutine.close()
            return
        if threading.current_thread() is not self._thread:
            with contextlib.suppress(Exception):
                future.result(timeout=5)
