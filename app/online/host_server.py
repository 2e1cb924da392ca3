"""The host's server: an aiohttp websocket server on the event loop of the program it is
in (Textual's in the full screen, the line mode's own: `app.plain.online_loop`).

`start` listens (awaited on that loop); what the program sends meanwhile is scheduled
on the same loop, in order (`_spawn`); `stop` says goodbye, closes the guests'
connections and stops listening. What it serves, and to whom, is
`app.online.host_link.HostLink`'s. A server may also `attach` to another's port instead
of listening (a hub's game: the hub hands it the requests of its own path, `handle`).
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable

from aiohttp import web

from app.online import host_strangers
from app.online.host_strangers import Strangers, Unasked
from app.online.in_order import InOrder


class HostServer(InOrder):
    """The server on the program's loop; `HostLink` handles `/play`. `notice` says a line
    to the host."""

    notice: Callable[[str], object]

    def __init__(self, bind: str, port: int, tls: ssl.SSLContext | None) -> None:
        super().__init__()
        self.bind = bind
        self.port = port
        self.tls = tls
        self._runner: web.AppRunner | None = None
        self._listening: asyncio.Server | None = None
        #: Served through another server's port (`attach`), not listening itself.
        self.attached = False
        #: The connections refused (counted, said to the host at most once a minute).
        self.strangers = Strangers(lambda text: self.notice(text))
        #: The connections that have not finished their request yet.
        self.unasked = Unasked(self.strangers)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        raise NotImplementedError

    async def _close_guests(self) -> None:
        """Close the guests' connections (the server stops)."""

    async def _goodbye(self, reason: str) -> None:
        """Say goodbye to the guests, with `reason`."""

    def _routes(self, app: web.Application) -> None:
        app.router.add_get("/play", self._handle)

    def attach(self) -> None:
        """Serve on the running loop through another server's port (which hands this one
        its requests: `handle`), opening no port of its own."""
        self._loop = asyncio.get_running_loop()
        self.attached = True

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """A request the server this one is attached to hands over."""
        return await self._handle(request)

    async def start(self) -> int:
        """Listen on the running loop (OSError when it cannot); the port listened on."""
        self._loop = asyncio.get_running_loop()
        app = web.Application()
        self._routes(app)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, logger=self.strangers.logger
        )
        await self._runner.setup()
        assert self._runner.server is not None
        self.unasked.watch(self._runner.server)
        # (not aiohttp's TCPSite: it leaves a TLS handshake that never comes to asyncio's
        # 60 seconds; a stranger's is closed after the deadline of an unfinished request)
        handshake = host_strangers.REQUEST_SECONDS if self.tls else None
        try:
            self._listening = await self._loop.create_server(
                self._runner.server,
                self.bind,
                self.port,
                ssl=self.tls,
                ssl_handshake_timeout=handshake,
            )
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = int(self._listening.sockets[0].getsockname()[1])
        return self.port

    async def stop(self, reason: str = "") -> None:
        """Say goodbye to the guests (if here), after what was sent before, and stop
        listening."""
        if (self._runner is None and not self.attached) or self.stopped:
            return
        self.stopped = True
        await self._settle()
        if reason:
            await self._goodbye(reason)
        await self._close_guests()
        if self._listening is not None:
            self._listening.close()
        if self._runner is not None:
            await self._runner.cleanup()
        self.strangers.close()
        self.unasked.close()
