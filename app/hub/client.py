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
from collections.abc import Callable

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
from app.online.guest_link import CONNECT_SECONDS, HEARTBEAT, JoinRefused
from app.online.protocol import BadMessage, Message
from app.online.texts import their_words


def unreachable_words(address: Address) -> str:
    """Why a join failed before the hub answered, in words (aiohttp's own text, "Cannot
    connect to host … ssl:False [Connect call failed …]", is for programmers)."""
    host = f"[{address.host}]" if ":" in address.host else address.host
    return (
        f"the hub cannot be reached at {host}:{address.port}: is it running, is the address right?"
    )


class Closed(Exception):
    """The hub closed the lobby connection: the text says why (if it said)."""


class HubClient:
    """The lobby connection (see the module's docstring)."""

    def __init__(self, address: Address, name: str, tls: ssl.SSLContext | None = None) -> None:
        self.address = address
        self.name = name
        self.tls = tls
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._kept: list[FromHub] = []
        self._came = asyncio.Event()
        self._closed = ""
        self._reading: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def join(self, waiting: Callable[[], object] = lambda: None) -> Admitted:
        """Knock and be admitted (`waiting` is called when the teacher must admit)."""
        self._session = aiohttp.ClientSession()
        self._loop = asyncio.get_running_loop()
        try:
            return await self._join(waiting)
        except BaseException:
            await self.close()
            raise

    async def _join(self, waiting: Callable[[], object]) -> Admitted:
        assert self._session is not None
        try:
            lobby = dataclasses.replace(self.address, path=lobby_path(self.address.code))
            self._ws = await self._session.ws_connect(
                lobby.url(secure=self.tls is not None),
                max_msg_size=MAX_HUB_BYTES,
                heartbeat=HEARTBEAT,
                timeout=aiohttp.ClientWSTimeout(ws_close=CONNECT_SECONDS),
                ssl=self.tls if self.tls is not None else False,
            )
        except aiohttp.WSServerHandshakeError as error:
            if error.status == 404:  # (a hub of protocol version 3 has no class path)
                raise JoinRefused(
                    "the hub does not know the class's path: it runs an older Equation Duel"
                ) from None
            raise JoinRefused(f"the hub refused the connection ({error.status})") from None
        except (aiohttp.ClientError, OSError, TimeoutError):
            raise JoinRefused(unreachable_words(self.address)) from None
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
        while True:
            message = await self._receive()
            if message is None:
                self._closed = self._closed or "the hub closed the connection"
                self._came.set()
                return
            if isinstance(message, Refusal):
                self._closed = their_words(message.reason)
            self._kept.append(message)
            self._came.set()

    async def next(self, timeout: float | None = None) -> FromHub | None:
        """The hub's next message (None: none within `timeout`); Closed when the
        connection closed and all it said was read."""
        if not self._kept and not self._closed:
            self._came.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._came.wait(), timeout)
        if self._kept:
            return self._kept.pop(0)
        if self._closed:
            raise Closed(self._closed)
        return None

    def send(self, message: Message) -> None:
        """Send `message` (from the loop's own program, between its runs too: it goes
        when the loop next runs, in order)."""
        ws, loop = self._ws, self._loop
        if ws is None or ws.closed or loop is None or loop.is_closed():
            return
        task = loop.create_task(self._send(ws, encode(message)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, ws: aiohttp.ClientWebSocketResponse, text: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_str(text)

    async def close(self) -> None:
        """Close the connection, after what was sent."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._reading is not None:
            self._reading.cancel()
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._session is not None:
            await self._session.close()
