"""The host's end of the connection: a websocket server (aiohttp) in a thread of its own.

The match is played on the host's main thread (the plain mode's `MatchRunner`, or the
full screen), which is the referee. This thread only lets one guest in and carries
messages: it admits a guest (`app.online.host_admission`: no browser Origin, the code
in constant time, the version, the wrong-code wait; here: one guest, a game still
open), refuses a move out of turn or with the wrong
number at once, and hands every other move to the referee (`next_message`). A message
that is malformed, too large or one too many closes that guest's connection; the host
plays on, and the guest may rejoin with the same code for `REJOIN_SECONDS`.

The clock (`clock()`) stands still while the guest is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from app.online.codes import RateCap, WrongCodes
from app.online.host_admission import capital, read_hello, refuse, turned_away
from app.online.host_position import Position, is_retry, move_refusal
from app.online.protocol import (
    MAX_GUEST_BYTES,
    Away,
    BadMessage,
    Bye,
    Hello,
    Message,
    Move,
    Moved,
    Refusal,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    TakenBack,
    encode,
    read_from_guest,
)
from app.online.texts import guest_name

#: The pings' interval (an unanswered ping closes the connection); the longest silence
#: allowed of a guest.
HEARTBEAT = 15.0
IDLE_SECONDS = 30 * 60.0
#: How long a dropped guest may come back with the same code.
REJOIN_SECONDS = 10 * 60.0


class HostLink:
    """The server side (see the module's docstring)."""

    def __init__(
        self,
        code: str,
        host_name: str,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        notice: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.code = code
        self.host_name = host_name
        self.bind = bind
        self.port = port
        self.tls = tls
        self.notice = notice or (lambda _text: None)
        self.wall = clock
        self.wrong_codes = WrongCodes(clock)
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.lock = threading.Lock()
        self.position: Position | None = None
        self.log: list[Moved] = []
        #: The turn each takeback went back to, in order.
        self.taken_to: list[int] = []
        self.guest: str | None = None
        #: The guest's seat's name when the host fixes it (a tournament's pairing), else
        #: None: the guest names it.
        self.seat_name: str | None = None
        self.joined = threading.Event()
        #: Called in the link's thread with each takeback ask or answer of the guest, as
        #: it comes (a plain host at its prompt says it at once); it goes to `inbox` too.
        self.heard: Callable[[Message], None] | None = None
        self._ws: web.WebSocketResponse | None = None
        self._away_since: float | None = None
        self._paused = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._knocking = 0

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
        ws = self._ws
        if ws is not None and not ws.closed:
            with contextlib.suppress(Exception):
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self, reason: str = "") -> None:
        """Say goodbye to the guest (if here) and stop listening."""
        loop = self._loop
        if loop is None or self._stopped.is_set():
            return
        self._stopped.set()
        if reason:
            self._call(self._send(Bye(reason=reason[:600])))
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

    # What the referee calls

    def publish(self, position: Position) -> None:
        with self.lock:
            self.position = position

    def played(self, moved: Moved) -> None:
        """A turn was played (by either player): logged, and told to the guest."""
        with self.lock:
            self.log.append(moved)
        self._call(self._send(moved))

    def taken_back(self, taken: TakenBack) -> None:
        """Moves were taken back: the turns after them leave the log; told to the guest."""
        with self.lock:
            del self.log[taken.number :]
            self.taken_to.append(taken.number)
        self._call(self._send(taken))

    def refuse(self, reason: str, number: int | None = None) -> None:
        self._call(self._send(Refusal(reason=reason[:600], number=number)))

    def send(self, message: Message) -> None:
        self._call(self._send(message))

    def next_message(self, timeout: float | None = None) -> Message | None:
        """The guest's next move (or takeback, or bye) for the referee; None on timeout."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    @property
    def away(self) -> bool:
        return self._away_since is not None

    def away_for(self) -> float:
        since = self._away_since
        return 0.0 if since is None else self.wall() - since

    def clock(self) -> float:
        """The time the turn clock counts: it stands still while the guest is away."""
        now = self.wall()
        since = self._away_since
        return now - self._paused - (now - since if since is not None else 0.0)

    # The connection

    async def _send(self, message: Message) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            return
        with contextlib.suppress(Exception):
            await ws.send_str(encode(message))

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        turned = turned_away(request, self._knocking)
        if turned is not None:
            return turned
        ws = web.WebSocketResponse(max_msg_size=MAX_GUEST_BYTES, heartbeat=HEARTBEAT)
        self._knocking += 1
        try:
            await ws.prepare(request)
            hello = await read_hello(ws, request.remote or "unknown", self.code, self.wrong_codes)
            if hello is not None and not await self._open(ws):
                hello = None
        finally:
            self._knocking -= 1
        if hello is None:
            await ws.close()
            return ws
        await self._guest_plays(ws, hello)
        return ws

    async def _open(self, ws: web.WebSocketResponse) -> bool:
        """Whether the game is open to a guest with the right code (else refused)."""
        with self.lock:
            position = self.position
            if self._ws is not None and not self._ws.closed:
                busy = True
            else:
                busy = False
                if self.guest is not None and self.away_for() > REJOIN_SECONDS:
                    position = None
        if busy:
            await refuse(ws, "This game already has its guest.")
            return False
        if position is None or position.over:
            await refuse(ws, "This game is not open to join.")
            return False
        return True

    async def _guest_plays(self, ws: web.WebSocketResponse, hello: Hello) -> None:
        with self.lock:
            back = self.guest is not None
            if not back:
                self.guest = self.seat_name or guest_name(hello.name, self.host_name)
            position = self.position
            log = list(self.log)
            missed = self.taken_to[hello.takebacks :]
            self._ws = ws
            if self._away_since is not None:
                self._paused += self.wall() - self._away_since
                self._away_since = None
        assert position is not None
        names = list(position.welcome.names)
        names[position.welcome.seat - 1] = self.guest or "Guest"
        welcome = position.welcome.model_copy(
            update={"turn": position.turn, "names": (names[0], names[1])}
        )
        await ws.send_str(encode(welcome))
        have = hello.have
        if missed:  # a takeback made while the guest was away from the connection
            have = min(have, *missed)
            await ws.send_str(encode(TakenBack(number=have, takebacks=len(self.taken_to))))
        for moved in log[have:]:
            await ws.send_str(encode(moved))
        self.notice(f"{self.guest} is back." if back else f"{self.guest} joined.")
        self.joined.set()
        try:
            await self._read(ws)
        finally:
            with self.lock:
                if self._ws is ws:
                    self._ws = None
                    if not self._stopped.is_set():
                        self._away_since = self.wall()
            if not self._stopped.is_set() and not self._over():
                minutes = int(REJOIN_SECONDS // 60)
                self.notice(
                    f"{self.guest} is away: the clock waits, and they can rejoin with the "
                    f"same code within {minutes} minutes."
                )
                self.inbox.put(Away(who=self.guest))

    def _over(self) -> bool:
        with self.lock:
            return self.position is not None and self.position.over

    async def _read(self, ws: web.WebSocketResponse) -> None:
        cap = RateCap(clock=self.wall)
        while True:
            try:
                message = await ws.receive(timeout=IDLE_SECONDS)
            except TimeoutError:
                await refuse(ws, "No message for a long while: the connection closes.")
                return
            if message.type != WSMsgType.TEXT:
                if message.type == WSMsgType.BINARY:
                    await refuse(ws, "Messages are text.")
                return
            if not cap.allow():
                await refuse(ws, "Too many messages at once: the connection closes.")
                return
            try:
                read = read_from_guest(message.data)
            except BadMessage as error:
                await refuse(ws, capital(str(error)) + ".")
                return
            if isinstance(read, Hello):
                await refuse(ws, "You have said hello already.")
                return
            if isinstance(read, Bye):
                self.inbox.put(read)
                return
            if isinstance(read, Move):
                with self.lock:
                    position, retry = self.position, is_retry(self.position, self.log, read)
                if retry:
                    continue  # its `moved` was sent, or the position was taken back
                refusal = move_refusal(position, read, self.host_name)
                if refusal is not None:
                    await ws.send_str(encode(Refusal(reason=refusal, number=read.number)))
                    continue
            if isinstance(read, TakebackAsk | TakebackAnswer | TakebackLapsed) and self.heard:
                self.heard(read)
            if isinstance(read, TakebackAsk | TakebackAnswer | TakebackLapsed | Move):
                self.inbox.put(read)
