"""A student's end of the lobby connection (aiohttp, on the program's loop), for any front
end: `join()` knocks at the class's path (`/class/CODE/play`) with the class code, the
name and the token kept for them (`app.hub.tokens`), waits in the waiting room if it must, keeps a new token, and returns
the admission (or raises `JoinRefused` with the hub's reason in words). Afterwards the
hub's messages are kept in order (`next`), and `send` says what the student asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ssl
from collections.abc import AsyncIterator, Callable

import aiohttp

from app.hub.protocol import (
    MAX_HUB_BYTES,
    VERSION,
    Admitted,
    FromHub,
    Knock,
    Refusal,
    Waiting,
    encode,
    lobby_path,
    read_from_hub,
)
from app.hub.tokens import keep_token, kept_token
from app.online.codes import Address
from app.online.guest_link import JoinRefused, WebsocketEnd
from app.online.protocol import BadMessage, Message
from app.online.texts import their_words


class Closed(Exception):
    """The hub closed the lobby connection: the text says why (if it said)."""


class HubClient(WebsocketEnd):
    """The lobby connection (see the module's docstring)."""

    WHO = "hub"

    def __init__(self, address: Address, name: str, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(address, name, tls)
        #: The hub's messages as they come; None once the connection closed (`_closed`: why).
        self._kept: asyncio.Queue[FromHub | None] = asyncio.Queue()
        self._closed = ""

    def _refused(self, status: int) -> str:
        if status == 404:  # (a hub of protocol version 3 has no class path)
            return "the hub does not know the class's path: it runs an older Equation Duel"
        return super()._refused(status)

    async def join(self, waiting: Callable[[], object] = lambda: None) -> Admitted:
        """Knock and be admitted (`waiting` is called when the teacher must admit)."""
        try:
            return await self._join(waiting)
        except BaseException:
            await self.close()
            raise

    async def _join(self, waiting: Callable[[], object]) -> Admitted:
        lobby = dataclasses.replace(self.address, path=lobby_path(self.address.code))
        self._ws = await self._open(lobby, MAX_HUB_BYTES)
        token = kept_token(self.address, self.name)
        await self._ws.send_str(
            encode(Knock(version=VERSION, code=self.address.code, name=self.name, token=token))
        )
        while True:
            message = await self._receive()
            if message is None:
                raise JoinRefused(self._closed or "the hub closed the connection")
            if isinstance(message, Waiting):
                waiting()
            elif isinstance(message, Refusal):
                raise JoinRefused(their_words(message.reason))
            elif isinstance(message, Admitted):
                if message.token:
                    keep_token(self.address, self.name, message.token)
                self._reading = asyncio.get_running_loop().create_task(self._keep_reading())
                return message

    async def _receive(self) -> FromHub | None:
        """The hub's next message; None when the connection closed (`_closed`: why)."""
        assert self._ws is not None
        raw = await self._ws.receive()
        if raw.type != aiohttp.WSMsgType.TEXT:
            return None
        try:
            return read_from_hub(raw.data)
        except BadMessage as error:
            self._closed = f"the hub's message cannot be read: {error}"
            return None

    async def _keep_reading(self) -> None:
        while (message := await self._receive()) is not None:
            if isinstance(message, Refusal):
                self._closed = their_words(message.reason)
            self._kept.put_nowait(message)
        self._closed = self._closed or "the hub closed the connection"
        self._kept.put_nowait(None)

    async def next(self, timeout: float | None = None) -> FromHub | None:
        """The hub's next message (None: none within `timeout`); Closed when the
        connection closed and all it said was read."""
        try:
            message = await asyncio.wait_for(self._kept.get(), timeout)
        except TimeoutError:
            return None
        if message is None:
            self._kept.put_nowait(None)  # (closed for every later call too)
            raise Closed(self._closed)
        return message

    async def messages(self) -> AsyncIterator[FromHub]:
        """The hub's messages as they come; Closed once the connection closed."""
        while True:
            if (message := await self.next()) is not None:
                yield message

    def send(self, message: Message) -> None:
        """Send `message` (from the loop's own program, between its runs too: it goes
        when the loop next runs, in order)."""
        if self._ws is not None and not self._ws.closed:
            self._spawn(self._send(self._ws, encode(message)))

    async def _send(self, ws: aiohttp.ClientWebSocketResponse, text: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_str(text)

    async def close(self) -> None:
        """Close the connection, after what was sent."""
        await self._settle()
        self.stopped = True
        await self._shut()
