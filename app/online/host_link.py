"""The host's end of the connection: a websocket server (aiohttp) in a thread of its own.

The match is played on the host's main thread (the plain mode's `MatchRunner`, or the
full screen), which is the referee. This thread only lets the guests in and carries
messages: it admits a guest (`app.online.host_admission`: no browser Origin, the code
in constant time, the version, the wrong-code wait; here: one guest per seat, a game
still open), refuses a move out of turn, for another seat or with the wrong number at
once, and hands every other move to the referee (`next_message`). A message that is
malformed, too large or one too many closes that guest's connection; the host plays on,
and the guest may rejoin with the same code for `REJOIN_SECONDS`.

A game has one guest, or one in each seat (`seats`: a tournament's pairing played by
two students, the host playing no seat; `app.online.host_guests`), each with its own
code. The clock (`clock()`) stands still while a guest is away.
"""

from __future__ import annotations

import contextlib
import queue
import ssl
import threading
import time
from collections.abc import Callable

from aiohttp import WSMsgType, web

from app.online.codes import RateCap, WrongCodes
from app.online.host_admission import capital, read_hello, refuse, turned_away
from app.online.host_guests import GuestSeat, Presence
from app.online.host_position import Position, is_retry, move_refusal
from app.online.host_server import HostServer
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
from rules.base import PlayerNo

#: The pings' interval (an unanswered ping closes the connection); the longest silence
#: allowed of a guest.
HEARTBEAT = 15.0
IDLE_SECONDS = 30 * 60.0
#: How long a dropped guest may come back with the same code.
REJOIN_SECONDS = 10 * 60.0
#: Said to a guest that asks for a takeback where none is offered (both seats online).
NO_TAKEBACKS = "Takebacks are not offered in this game: the moves stand."


class HostLink(HostServer):
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
        seats: dict[PlayerNo, tuple[str, str]] | None = None,
    ) -> None:
        """`seats`: a guest in each seat, by number: its code and its name (the host
        plays no seat, and takebacks are not offered); None: one guest, with `code`."""
        self.code = code
        self.host_name = host_name
        self.notice = notice or (lambda _text: None)
        self.wall = clock
        self.wrong_codes = WrongCodes(clock)
        #: The guests' messages for the referee, with the seat of each (None: the one
        #: guest's).
        self.inbox: queue.Queue[tuple[PlayerNo | None, Message]] = queue.Queue()
        self.lock = threading.Lock()
        self.position: Position | None = None
        self.log: list[Moved] = []
        #: The turn each takeback went back to, in order.
        self.taken_to: list[int] = []
        if seats is None:
            self.seats = [GuestSeat(code)]
        else:
            self.seats = [GuestSeat(c, n, name) for n, (c, name) in sorted(seats.items())]
        #: Whether a guest may ask for a takeback (not with a guest in each seat).
        self.takebacks_offered = seats is None
        self.presence = Presence(self.seats, clock)
        #: Set when every seat has its guest.
        self.joined = threading.Event()
        #: Called in the link's thread with each takeback ask or answer of the guest, as
        #: it comes (a plain host at its prompt says it at once); it goes to `inbox` too.
        self.heard: Callable[[Message], None] | None = None
        self._knocking = 0
        super().__init__(bind, port, tls)

    async def _close_guests(self) -> None:
        for seat in self.seats:
            if seat.here():
                with contextlib.suppress(Exception):
                    await seat.ws.close()

    def _goodbye(self, reason: str) -> None:
        self._call(self._send(Bye(reason=reason[:600])))

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

    def refuse(self, reason: str, number: int | None = None, seat: PlayerNo | None = None) -> None:
        """Refuse in words, to the guest of `seat` (None: every guest)."""
        self._call(self._send(Refusal(reason=reason[:600], number=number), seat))

    def send(self, message: Message) -> None:
        self._call(self._send(message))

    def next_message(self, timeout: float | None = None) -> Message | None:
        """A guest's next move (or takeback, or bye) for the referee; None on timeout."""
        heard = self.next_heard(timeout)
        return None if heard is None else heard[1]

    def next_heard(self, timeout: float | None = None) -> tuple[PlayerNo | None, Message] | None:
        """A guest's next message with its seat (None: the one guest's); None on timeout."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    @property
    def guest(self) -> str | None:
        """The (first) guest's name once it has joined."""
        return self.seats[0].guest

    @property
    def seat_name(self) -> str | None:
        """The guest's seat's name when the host fixes it (a tournament's pairing), else
        None: the guest names it."""
        return self.seats[0].name

    @seat_name.setter
    def seat_name(self, name: str | None) -> None:
        self.seats[0].name = name

    @property
    def away(self) -> bool:
        return self.presence.away

    def away_for(self) -> float:
        return self.presence.away_for()

    def is_away(self, number: PlayerNo) -> bool:
        """Whether the guest of seat `number` is away."""
        return any(
            seat.away_since is not None and self._number(seat) == number for seat in self.seats
        )

    def clock(self) -> float:
        """The time the turn clock counts: it stands still while a guest is away."""
        return self.presence.clock()

    # The connection

    def _number(self, seat: GuestSeat, position: Position | None = None) -> PlayerNo:
        """The seat's number (the one guest's is the welcome's)."""
        if seat.number is not None:
            return seat.number
        position = position or self.position
        return position.welcome.seat if position is not None else 2

    async def _send(self, message: Message, number: PlayerNo | None = None) -> None:
        for seat in self.seats:
            if not seat.here() or number not in (None, self._number(seat)):
                continue
            with contextlib.suppress(Exception):
                await seat.ws.send_str(encode(message))

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        turned = turned_away(request, self._knocking)
        if turned is not None:
            return turned
        ws = web.WebSocketResponse(max_msg_size=MAX_GUEST_BYTES, heartbeat=HEARTBEAT)
        self._knocking += 1
        seat: GuestSeat | None = None
        try:
            await ws.prepare(request)
            codes = [seat.code for seat in self.seats]
            found = await read_hello(ws, request.remote or "unknown", codes, self.wrong_codes)
            if found is not None and await self._open(ws, self.seats[found[1]]):
                seat = self.seats[found[1]]
        finally:
            self._knocking -= 1
        if found is None or seat is None:
            await ws.close()
            return ws
        await self._guest_plays(ws, found[0], seat)
        return ws

    async def _open(self, ws: web.WebSocketResponse, seat: GuestSeat) -> bool:
        """Whether the game is open to a guest with the right code (else refused)."""
        with self.lock:
            position = self.position
            busy = seat.here()
            since = seat.away_since
            if not busy and since is not None and self.wall() - since > REJOIN_SECONDS:
                position = None
        if busy:
            await refuse(
                ws,
                "This game already has its guest."
                if len(self.seats) == 1
                else "That seat is taken: its player has joined already.",
            )
            return False
        if position is None or position.over:
            await refuse(ws, "This game is not open to join.")
            return False
        return True

    async def _guest_plays(self, ws: web.WebSocketResponse, hello: Hello, seat: GuestSeat) -> None:
        with self.lock:
            back = seat.guest is not None
            if not back:
                seat.guest = seat.name or guest_name(hello.name, self.host_name)
            position = self.position
            log = list(self.log)
            missed = self.taken_to[hello.takebacks :]
            seat.ws = ws
            self.presence.came(seat)
            everyone = all(s.guest is not None for s in self.seats)
        assert position is not None
        number = self._number(seat, position)
        names = list(position.welcome.names)
        names[number - 1] = seat.guest or "Guest"
        welcome = position.welcome.model_copy(
            update={"turn": position.turn, "names": (names[0], names[1]), "seat": number}
        )
        await ws.send_str(encode(welcome))
        have = hello.have
        if missed:  # a takeback made while the guest was away from the connection
            have = min(have, *missed)
            await ws.send_str(encode(TakenBack(number=have, takebacks=len(self.taken_to))))
        for moved in log[have:]:
            await ws.send_str(encode(moved))
        self.notice(f"{seat.guest} is back." if back else f"{seat.guest} joined.")
        if back and len(self.seats) > 1 and not self.away:
            await self._send(Away(who=None))  # (to the other: both players are here)
        if everyone:
            self.joined.set()
        try:
            await self._read(ws, seat)
        finally:
            with self.lock:
                if seat.ws is ws:
                    seat.ws = None
                    if not self._stopped.is_set():
                        self.presence.left(seat)
            if not self._stopped.is_set() and not self._over():
                minutes = int(REJOIN_SECONDS // 60)
                self.notice(
                    f"{seat.guest} is away: the clock waits, and they can rejoin with the "
                    f"same code within {minutes} minutes."
                )
                await self._send(Away(who=seat.guest))  # (to the other guest, if any)
                self.inbox.put((seat.number, Away(who=seat.guest)))

    def _over(self) -> bool:
        with self.lock:
            return self.position is not None and self.position.over

    async def _read(self, ws: web.WebSocketResponse, seat: GuestSeat) -> None:
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
                self.inbox.put((seat.number, read))
                return
            if isinstance(read, Move):
                with self.lock:
                    position, retry = self.position, is_retry(self.position, self.log, read)
                if retry:
                    continue  # its `moved` was sent, or the position was taken back
                refusal = move_refusal(position, read, self._number(seat, position))
                if refusal is not None:
                    await ws.send_str(encode(Refusal(reason=refusal, number=read.number)))
                    continue
            elif not self.takebacks_offered:
                if isinstance(read, TakebackAsk):
                    await ws.send_str(encode(Refusal(reason=NO_TAKEBACKS)))
                continue  # (an answer or a lapse of an ask refused)
            if isinstance(read, TakebackAsk | TakebackAnswer | TakebackLapsed) and self.heard:
                self.heard(read)
            if isinstance(read, TakebackAsk | TakebackAnswer | TakebackLapsed | Move):
                self.inbox.put((seat.number, read))
