"""The host's end of the connection: a websocket server (aiohttp) on the program's loop.

The match is played by a relay's match session (`app.online.relay`: a hub's game, or
`host`'s, a hub of two), which is the referee. The link only lets the guests
in and carries messages: it admits a guest (`app.online.host_admission`: no browser
Origin, the code in constant time, the version, the wrong-code wait; here: one guest per
seat, a game still open), refuses a move out of turn, for another seat or with the wrong
number at once, and hands every other message to the referee as it comes (`deliver`,
with the guest's seat), as a keyboard hands over its keys. A message that is malformed,
too large or one too many closes that guest's connection; the host plays on, and the
guest may rejoin with the same code for `REJOIN_SECONDS`.

A game has a guest in each seat (`seats`, `app.online.host_guests`: the host's own
player is the guest of its seat), each with its own code. The clock (`presence.clock`)
stands still while a guest is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable, Mapping

from aiohttp import web

from app.online.codes import RateCap, WrongCodes
from app.online.host_admission import (
    Knocking,
    crowded_out,
    each_message,
    read_hello,
    refuse,
    turned_away,
    why_not_open,
)
from app.online.host_guests import GuestSeat, Presence
from app.online.host_position import Position, is_retry, move_refusal
from app.online.host_server import HostServer
from app.online.protocol import (
    MAX_GUEST_BYTES,
    Away,
    Bye,
    Hello,
    Message,
    Move,
    Moved,
    Refusal,
    TakebackAsk,
    TakenBack,
    Why,
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

#: Where a guest's message goes: the referee's, with the guest's seat (None: the one
#: guest's).
Deliver = Callable[[PlayerNo | None, Message], object]


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
        notice: Callable[[str], object] | None = None,
        clock: Callable[[], float] = time.monotonic,
        seats: Mapping[PlayerNo, tuple[str, str | None]],
    ) -> None:
        """`seats`: a guest in each seat, by number: its code and its name (None: the
        guest names it); the host plays no seat, and takebacks are offered only when
        the referee answers them (`takebacks_offered`). `code`: the seat of the guest
        the host names (`guest`, `seat_name`)."""
        self.code = code
        self.host_name = host_name
        self.notice = notice or (lambda _text: None)
        self.wall = clock
        self.wrong_codes = WrongCodes(clock)
        #: Where the guests' messages go, as they come (the referee's: `hand_to`; until
        #: then they are kept).
        self._early: list[tuple[PlayerNo | None, Message]] = []
        self.deliver: Deliver = lambda seat, message: self._early.append((seat, message))
        self.position: Position | None = None
        self.log: list[Moved] = []
        #: The turn each takeback went back to, in order.
        self.taken_to: list[int] = []
        self.seats = [GuestSeat(c, n, name) for n, (c, name) in sorted(seats.items())]
        #: Whether a guest may ask for a takeback (a hub's game: not offered).
        self.takebacks_offered = False
        #: The game has one guest besides its host's own seat (`host`: its words).
        self.one_guest = False
        #: Called when a seat's guest first joins (before its welcome is sent).
        self.on_arrived: Callable[[GuestSeat], object] | None = None
        self.presence = Presence(self.seats, clock)
        #: Set when every seat has its guest (`on_joined` is called then too).
        self.joined = asyncio.Event()
        self.on_joined: Callable[[], object] | None = None
        self._knocking = Knocking()
        self._sending = asyncio.Lock()
        #: Set when a guest came back and was sent what it missed.
        self.came = asyncio.Event()
        super().__init__(bind, port, tls)

    async def _close_guests(self) -> None:
        for seat in self.seats:
            if seat.here():
                with contextlib.suppress(Exception):
                    await seat.ws.close()

    def hand_to(self, deliver: Deliver) -> None:
        """From now on the guests' messages go to `deliver` (those that came before
        first)."""
        self.deliver = deliver
        early, self._early = self._early, []
        for seat, message in early:
            deliver(seat, message)

    async def _goodbye(self, reason: str) -> None:
        await self._send(Bye(reason=reason[:600]))

    # What the referee calls

    def publish(self, position: Position) -> None:
        self.position = position

    def played(self, moved: Moved) -> None:
        """A turn was played (by either player): logged, and told to the guest."""
        self.log.append(moved)
        self._spawn(self._send(moved))

    def taken_back(self, taken: TakenBack) -> None:
        """Moves were taken back: the turns after them leave the log; told to the guest."""
        del self.log[taken.number :]
        self.taken_to.append(taken.number)
        self._spawn(self._send(taken))

    def refuse(
        self,
        reason: str,
        code: Why,
        number: int | None = None,
        seat: PlayerNo | None = None,
    ) -> None:
        """Refuse in words (and `code`), to the guest of `seat` (None: every guest)."""
        self._spawn(self._send(Refusal(reason=reason[:600], number=number, code=code), seat))

    def send(self, message: Message, seat: PlayerNo | None = None) -> None:
        """Send `message` to the guest of `seat` (None: every guest)."""
        self._spawn(self._send(message, seat))

    @property
    def _guests_seat(self) -> GuestSeat:
        """The seat of the guest with `code` (the one guest's, or the first seat's)."""
        return next((seat for seat in self.seats if seat.code == self.code), self.seats[0])

    @property
    def guest(self) -> str | None:
        """The (first) guest's name once it has joined."""
        return self._guests_seat.guest

    @property
    def seat_name(self) -> str | None:
        """The guest's seat's name when the host fixes it (a tournament's pairing), else
        None: the guest names it."""
        return self._guests_seat.name

    @seat_name.setter
    def seat_name(self, name: str | None) -> None:
        self._guests_seat.name = name

    def is_away(self, number: PlayerNo) -> bool:
        """Whether the guest of seat `number` is away."""
        return any(seat.away_since is not None and seat.number == number for seat in self.seats)

    # The connection

    async def _send(self, message: Message, number: PlayerNo | None = None) -> None:
        async with self._sending:  # (in the order sent)
            for seat in self.seats:
                if not seat.here() or number not in (None, seat.number):
                    continue
                with contextlib.suppress(Exception):
                    await seat.ws.send_str(encode(message))

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self.unasked.asked(request.protocol)
        turned = turned_away(request)
        if turned is not None:
            self.strangers.refused()
            return turned
        ws = web.WebSocketResponse(max_msg_size=MAX_GUEST_BYTES, heartbeat=HEARTBEAT)
        oldest = self._knocking.enter(ws)
        if oldest is not None:
            self._spawn(crowded_out(oldest))
        seat: GuestSeat | None = None
        found = None
        try:
            await ws.prepare(request)
            codes = [seat.code for seat in self.seats]
            found = await read_hello(ws, codes, self.wrong_codes)
            if found is not None and await self._open(ws, self.seats[found[1]], found[0]):
                seat = self.seats[found[1]]
        finally:
            self._knocking.leave(ws)
        if found is None or seat is None:
            self.strangers.refused()
            await ws.close()
            return ws
        await self._guest_plays(ws, found[0], seat)
        return ws

    async def _open(self, ws: web.WebSocketResponse, seat: GuestSeat, hello: Hello) -> bool:
        """Whether the game is open to a guest with the right code (else refused, in
        words: `why_not_open`); a guest away longer than `REJOIN_SECONDS` finds it shut."""
        since = seat.away_since
        late = not seat.here() and since is not None and self.wall() - since > REJOIN_SECONDS
        position = None if late else self.position
        seats = 1 if self.one_guest else len(self.seats)
        refused = why_not_open(seat, position, hello, self.host_name, seats)
        if refused is not None:
            await refuse(ws, *refused)
            return False
        return True

    async def _guest_plays(self, ws: web.WebSocketResponse, hello: Hello, seat: GuestSeat) -> None:
        back = seat.guest is not None
        if not back:
            seat.guest = seat.name or guest_name(hello.name)
            if self.on_arrived is not None:
                self.on_arrived(seat)
        position = self.position
        log = list(self.log)
        missed = self.taken_to[hello.takebacks :]
        seat.ws = ws
        self.presence.came(seat)
        everyone = all(s.guest is not None for s in self.seats)
        assert position is not None
        number = seat.number
        names = list(position.welcome.names)
        names[number - 1] = seat.guest or "Guest"
        welcome = position.welcome.model_copy(
            update={"turn": position.turn, "names": (names[0], names[1]), "seat": number}
        )
        async with self._sending:  # (the game so far, before anything sent after it)
            await ws.send_str(encode(welcome))
            have = hello.have
            if missed:  # a takeback made while the guest was away from the connection
                have = min(have, *missed)
                await ws.send_str(encode(TakenBack(number=have, takebacks=len(self.taken_to))))
            for moved in log[have:]:
                await ws.send_str(encode(moved))
        self.came.set()
        if everyone and not self.joined.is_set():  # (begun before it is said: a console
            self.joined.set()  # redrawn at the line shows the game playing, not waiting)
            if self.on_joined is not None:
                self.on_joined()
        self.notice(f"{seat.guest} is back." if back else f"{seat.guest} joined.")
        if back and len(self.seats) > 1 and not self.presence.away:
            to: PlayerNo = 2 if number == 1 else 1  # (`host`'s guest: of the host only)
            await self._send(Away(who=None), to if self.one_guest else None)
        try:
            await self._read(ws, seat)
        finally:
            if seat.ws is ws:
                seat.ws = None
                if not self.stopped:
                    self.presence.left(seat)
            if not self.stopped and not self._over():
                minutes = int(REJOIN_SECONDS // 60)
                self.notice(
                    f"{seat.guest} is away: the clock waits, and they can rejoin with the "
                    f"same code within {minutes} minutes."
                )
                await self._send(Away(who=seat.guest))  # (to the other guest, if any)
                self.deliver(seat.number, Away(who=seat.guest))

    def _over(self) -> bool:
        return self.position is not None and self.position.over

    async def _read(self, ws: web.WebSocketResponse, seat: GuestSeat) -> None:
        cap = RateCap(clock=self.wall)
        async for read in each_message(ws, read_from_guest, IDLE_SECONDS, cap):
            if isinstance(read, Hello):
                await refuse(ws, "You have said hello already.")
                return
            if isinstance(read, Bye):
                self.deliver(seat.number, read)
                return
            if isinstance(read, Move):
                if is_retry(self.position, self.log, read):
                    continue  # its `moved` was sent, or the position was taken back
                refused = move_refusal(self.position, read, seat.number)
                if refused is not None:
                    why, code = refused
                    await self._send_to(ws, Refusal(reason=why, number=read.number, code=code))
                    continue
            elif not self.takebacks_offered:
                if isinstance(read, TakebackAsk):
                    await self._send_to(ws, Refusal(reason=NO_TAKEBACKS, code=Why.NO_TAKEBACKS))
                continue  # (an answer or a lapse of an ask refused)
            self.deliver(seat.number, read)

    async def _send_to(self, ws: web.WebSocketResponse, message: Message) -> None:
        async with self._sending:
            with contextlib.suppress(Exception):
                await ws.send_str(encode(message))
