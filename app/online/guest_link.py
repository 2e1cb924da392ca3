"""The guest's end of the connection: a websocket client (aiohttp) in a thread of its own.

`join()` connects, says hello and returns the host's welcome (or raises `JoinRefused`
with the host's reason in words). Afterwards every message of the host lands in
`inbox`. When the connection drops, the link says so (`Lost`) and joins again with the
same code, for up to `REJOIN_SECONDS`, telling the host how many turns it has seen
(`have`) and sending again the move the host has not confirmed yet (`pending`: it
carries its number, so the host plays it once).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp

from app.online.codes import Address
from app.online.protocol import (
    MAX_HOST_BYTES,
    VERSION,
    BadMessage,
    Bye,
    Hello,
    Message,
    Move,
    Refusal,
    TakebackAsk,
    TakebackLapsed,
    Welcome,
    encode,
    read_from_host,
)
from app.online.texts import their_words

REJOIN_SECONDS = 10 * 60.0
CONNECT_SECONDS = 10.0
HEARTBEAT = 15.0


class JoinRefused(Exception):
    """The host refused the join, or could not be reached: the text says why."""


@dataclass(frozen=True)
class Lost:
    """The connection dropped; the link is joining again."""


@dataclass(frozen=True)
class Back:
    """The link joined again after a drop."""


class GuestLink:
    """The client side (see the module's docstring)."""

    def __init__(self, address: Address, name: str, tls: ssl.SSLContext | None = None) -> None:
        self.address = address
        self.name = name
        self.tls = tls
        self.inbox: queue.Queue[Message | Lost | Back] = queue.Queue()
        #: Turns seen so far, and the move sent and not yet confirmed (set by the player).
        self.have = 0
        self.pending: Move | None = None
        #: Takebacks seen so far (set by the player).
        self.takebacks = 0
        #: Called in the link's thread with each takeback ask of the host, as it comes (a
        #: plain guest at its prompt says it at once); it goes to `inbox` too.
        self.heard: Callable[[Message], None] | None = None
        self._loop = asyncio.new_event_loop()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._session: aiohttp.ClientSession | None = None
        self._thread: threading.Thread | None = None
        self._closing = False

    def join(self) -> Welcome:
        """Connect and say hello; the welcome, or JoinRefused."""
        ready: queue.Queue[Welcome | BaseException] = queue.Queue()
        self._thread = threading.Thread(
            target=self._run, args=(ready,), name="online-guest", daemon=True
        )
        self._thread.start()
        answer = ready.get()
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def _run(self, ready: queue.Queue[Welcome | BaseException]) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main(ready))
        finally:
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._close_session())
            self._loop.close()

    async def _close_session(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def _main(self, ready: queue.Queue[Welcome | BaseException]) -> None:
        self._session = aiohttp.ClientSession()
        try:
            welcome = await self._connect()
        except JoinRefused as error:
            ready.put(error)
            return
        ready.put(welcome)
        while not self._closing:
            await self._read()
            if self.closing():
                return
            self.inbox.put(Lost())
            if not await self._rejoin():
                return

    async def _connect(self) -> Welcome:
        assert self._session is not None
        try:
            ws = await self._session.ws_connect(
                self.address.url(secure=self.tls is not None),
                max_msg_size=MAX_HOST_BYTES,
                heartbeat=HEARTBEAT,
                timeout=aiohttp.ClientWSTimeout(ws_close=CONNECT_SECONDS),
                ssl=self.tls if self.tls is not None else False,
            )
        except aiohttp.WSServerHandshakeError as error:
            raise JoinRefused(f"the host refused the connection ({error.status})") from None
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            why = their_words(str(error)) or type(error).__name__
            raise JoinRefused(f"the host cannot be reached: {why}") from None
        hello = Hello(
            version=VERSION,
            code=self.address.code,
            name=self.name,
            have=self.have,
            takebacks=self.takebacks,
        )
        try:
            await ws.send_str(encode(hello))
            first = await ws.receive(timeout=CONNECT_SECONDS)
        except (aiohttp.ClientError, OSError, TimeoutError):
            await ws.close()
            raise JoinRefused("the host did not answer") from None
        message = self._message(first)
        if isinstance(message, Welcome):
            self._ws = ws
            if self.pending is not None:
                await ws.send_str(encode(self.pending))
            return message
        await ws.close()
        if isinstance(message, Refusal):
            raise JoinRefused(their_words(message.reason))
        raise JoinRefused("the host did not welcome us")

    def _message(self, raw: aiohttp.WSMessage) -> Message | None:
        if raw.type != aiohttp.WSMsgType.TEXT:
            return None
        try:
            message: Message = read_from_host(raw.data)
        except BadMessage:
            return None
        return message

    async def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        while True:
            try:
                raw = await ws.receive()
            except (aiohttp.ClientError, OSError, TimeoutError):
                return
            if raw.type != aiohttp.WSMsgType.TEXT:
                return
            message = self._message(raw)
            if message is None:  # a host that sends what cannot be read: leave
                self.inbox.put(Bye(reason="The host sent a message that cannot be read."))
                self._closing = True
                await ws.close()
                return
            if isinstance(message, TakebackAsk | TakebackLapsed) and self.heard is not None:
                self.heard(message)
            self.inbox.put(message)
            if isinstance(message, Bye):
                self._closing = True
                await ws.close()
                return

    async def _rejoin(self) -> bool:
        deadline = time.monotonic() + REJOIN_SECONDS
        pause = 0.2
        while not self._closing and time.monotonic() < deadline:
            try:
                welcome = await self._connect()
            except JoinRefused as error:
                if "not the code" in str(error) or "not open" in str(error):
                    self.inbox.put(Bye(reason=str(error)))
                    return False
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
                continue
            self.inbox.put(Back())
            self.inbox.put(welcome)
            return True
        self.inbox.put(Bye(reason="The host cannot be reached any more."))
        return False

    def closing(self) -> bool:
        return self._closing

    # What the player calls

    def send(self, message: Message) -> None:
        if isinstance(message, Move):
            self.pending = message
        asyncio.run_coroutine_threadsafe(self._send(message), self._loop)

    async def _send(self, message: Message) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            return  # sent again on rejoining, if it is the pending move
        with contextlib.suppress(Exception):
            await ws.send_str(encode(message))

    def next_message(self, timeout: float | None = None) -> Message | Lost | Back | None:
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self, reason: str = "") -> None:
        """Say goodbye (if still connected) and stop."""
        if self._thread is None or not self._thread.is_alive():
            return
        self._closing = True

        async def leave() -> None:
            ws = self._ws
            if ws is not None and not ws.closed:
                with contextlib.suppress(Exception):
                    await ws.send_str(encode(Bye(reason=reason[:600])))
                    await ws.close()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(leave(), self._loop).result(timeout=5)
        self._thread.join(timeout=5)
