"""The guest's end of the connection: a websocket client (aiohttp) on the program's loop.

`join()` (awaited on the loop of the program it is in: Textual's in the full screen, the
line mode's own) connects, says hello and returns the host's welcome (or raises
`JoinRefused` with the host's reason in words and its code). Afterwards every message of
the host goes to `deliver` as it comes. When the connection drops, the link says so
(`Lost`) and joins again with the same code, for up to `REJOIN_SECONDS`, telling the
host how many turns it has seen (`have`) and sending again the move the host has not
confirmed yet (`pending`: it carries its number, so the host plays it once).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp

from app.online.codes import Address
from app.online.in_order import InOrder
from app.online.protocol import (
    MAX_HOST_BYTES,
    VERSION,
    BadMessage,
    Bye,
    Hello,
    Message,
    Move,
    Refusal,
    Welcome,
    Why,
    encode,
    read_from_host,
)
from app.online.texts import their_words

REJOIN_SECONDS = 10 * 60.0
CONNECT_SECONDS = 10.0
HEARTBEAT = 15.0


class JoinRefused(Exception):
    """The host refused the join, or could not be reached: the text says why, `code`
    what (None: the host could not be reached)."""

    def __init__(self, reason: str, code: Why | None = None) -> None:
        super().__init__(reason)
        self.code = code


#: The refusals after which a dropped guest stops joining again.
FOR_GOOD = frozenset({Why.WRONG_CODE, Why.NOT_OPEN, Why.OTHER_VERSION})


@dataclass(frozen=True)
class Lost:
    """The connection dropped; the link is joining again."""


@dataclass(frozen=True)
class Back:
    """The link joined again after a drop."""


#: What the link hands the player: the host's messages, and its own news of the line.
Heard = Message | Lost | Back


def unreachable_words(address: Address, who: str = "host") -> str:
    """Why a join failed before the host (or the hub) answered, in words (aiohttp's own
    text, "Cannot connect to host …", is for programmers)."""
    host = f"[{address.host}]" if ":" in address.host else address.host
    return f"the {who} cannot be reached at {host}:{address.port}: is it running, is the address right?"


class WebsocketEnd(InOrder):
    """A client's end of a websocket on the program's loop (the guest's `GuestLink`, the
    student's `app.hub.client.HubClient`): it connects (`_open`), sends in order
    (`_spawn`, as the loop next runs, until it is closing) and closes (`_shut`)."""

    #: Who is at the other end, in words.
    WHO = "host"

    def __init__(self, address: Address, name: str, tls: ssl.SSLContext | None = None) -> None:
        super().__init__()
        self.address = address
        self.name = name
        self.tls = tls
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reading: asyncio.Task[None] | None = None

    def _refused(self, status: int) -> str:
        """The other end refused the websocket with HTTP `status`, in words."""
        return f"the {self.WHO} refused the connection ({status})"

    async def _open(self, address: Address, max_bytes: int) -> aiohttp.ClientWebSocketResponse:
        """A websocket to `address` (a session of the loop's own); JoinRefused in words."""
        self._loop = asyncio.get_running_loop()
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession()
        try:
            return await self._session.ws_connect(
                address.url(secure=self.tls is not None),
                max_msg_size=max_bytes,
                heartbeat=HEARTBEAT,
                timeout=aiohttp.ClientWSTimeout(ws_close=CONNECT_SECONDS),
                ssl=self.tls if self.tls is not None else False,
            )
        except aiohttp.WSServerHandshakeError as error:
            raise JoinRefused(self._refused(error.status)) from None
        except (aiohttp.ClientError, OSError, TimeoutError):
            raise JoinRefused(unreachable_words(self.address, self.WHO)) from None

    async def _shut(self) -> None:
        """Stop reading, close the websocket and the session."""
        reading, self._reading = self._reading, None
        if reading is not None:
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reading
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._session is not None:
            await self._session.close()


class GuestLink(WebsocketEnd):
    """The client side (see the module's docstring)."""

    def __init__(self, address: Address, name: str, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(address, name, tls)
        #: Where the host's messages go, as they come (the player's: `hand_to`; until
        #: then they are kept).
        self._early: list[Heard] = []
        self.deliver: Callable[[Heard], object] = self._early.append
        #: Turns seen so far, and the move sent and not yet confirmed (set by the player).
        self.have = 0
        self.pending: Move | None = None
        #: Takebacks seen so far (set by the player).
        self.takebacks = 0
        self._sending = asyncio.Lock()

    async def join(self) -> Welcome:
        """Connect and say hello; the welcome, or JoinRefused. Then the host's messages
        are read on this loop, and go to `deliver`."""
        try:
            welcome = await self._connect()
        except BaseException:
            await self._shut()
            raise
        self._reading = asyncio.get_running_loop().create_task(self._keep_reading())
        return welcome

    async def _keep_reading(self) -> None:
        try:
            while not self.stopped:
                await self._read()
                if not self.stopped:
                    self.deliver(Lost())
                    if not await self._rejoin():
                        return
        finally:
            if self._session is not None:
                await self._session.close()

    async def _connect(self) -> Welcome:
        ws = await self._open(self.address, MAX_HOST_BYTES)
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
            code = message.code
            if code is Why.REFUSED and "version" in message.reason:  # (an older host's)
                code = Why.OTHER_VERSION
            raise JoinRefused(their_words(message.reason), code)
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
                self.stopped = True
                self.deliver(Bye(reason="The host sent a message that cannot be read."))
                await ws.close()
                return
            if isinstance(message, Bye):
                self.stopped = True
            self.deliver(message)
            if isinstance(message, Bye):
                await ws.close()
                return

    async def _rejoin(self) -> bool:
        deadline = time.monotonic() + REJOIN_SECONDS
        pause = 0.2
        while not self.stopped and time.monotonic() < deadline:
            try:
                welcome = await self._connect()
            except JoinRefused as error:
                if error.code in FOR_GOOD:
                    self.deliver(Bye(reason=str(error)))
                    return False
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
                continue
            self.deliver(Back())
            self.deliver(welcome)
            return True
        if not self.stopped:
            self.deliver(Bye(reason="The host cannot be reached any more."))
        return False

    def hand_to(self, deliver: Callable[[Heard], object]) -> None:
        """From now on the host's messages go to `deliver` (those that came since the
        join first)."""
        self.deliver = deliver
        early, self._early = self._early, []
        for heard in early:
            deliver(heard)

    # What the player calls

    def send(self, message: Message) -> None:
        """Send `message` (on this loop, in order: at once in the full screen, at the
        line mode's next wait). A move is kept until the host confirms it."""
        if isinstance(message, Move):
            self.pending = message
        self._spawn(self._send(message))

    async def _send(self, message: Message) -> None:
        async with self._sending:
            ws = self._ws
            if ws is None or ws.closed:
                return  # sent again on rejoining, if it is the pending move
            with contextlib.suppress(Exception):
                await ws.send_str(encode(message))

    async def close(self, reason: str = "") -> None:
        """Say goodbye (if still connected), after what was sent before, and stop."""
        if self._reading is None:
            return
        await self._settle()
        self.stopped = True
        ws = self._ws
        if ws is not None and not ws.closed:
            async with self._sending:
                with contextlib.suppress(Exception):
                    await ws.send_str(encode(Bye(reason=reason[:600])))
        await self._shut()
