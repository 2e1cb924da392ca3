"""Who gets into a hosted game: the checks before a guest plays (`app.online.host_link`).

Before the websocket opens, a request from a web page (it has an `Origin` header) is
refused. At most `MAX_KNOCKING` connections may be waiting to say hello (`Knocking`): a
new one closes the oldest, so strangers that say nothing never keep the guest out. Then
the first message must be a hello, within `HELLO_SECONDS`, of this protocol's version, with the game's code (compared in constant time). Wrong codes spend the game's
budget (`WrongCodes`, for every address together): past it, a wrong code is told to wait;
a right code is always let in. Each refusal is said in words, and the connection
closes; the host plays on. Whether the game still has room for a guest with the right
code (one a seat, a game not over) is `why_not_open`'s.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TypeVar

from aiohttp import WSMsgType, web

from app.online.codes import RateCap, WrongCodes, same_code
from app.online.host_guests import GuestSeat
from app.online.host_position import Position
from app.online.protocol import (
    MAX_REASON,
    BadMessage,
    Hello,
    OtherVersion,
    Refusal,
    Why,
    encode,
    read_from_guest,
    version_refusal,
)
from app.online.texts import guest_name, name_taken

#: A message as read by a protocol's reader.
Read = TypeVar("Read")

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Connections that have not said hello yet, at most (a new one closes the oldest).
MAX_KNOCKING = 8


def turned_away(request: web.Request) -> web.Response | None:
    """The answer to a request refused before the websocket opens (None: let it in)."""
    if request.headers.get("Origin") is not None:
        return web.Response(status=403, text="A web page cannot join this game.\n")
    return None


class Knocking:
    """The connections that have not said hello yet, oldest first."""

    def __init__(self, limit: int = MAX_KNOCKING) -> None:
        self.limit = limit
        self._waiting: list[web.WebSocketResponse] = []

    def __len__(self) -> int:
        return len(self._waiting)

    def enter(self, ws: web.WebSocketResponse) -> web.WebSocketResponse | None:
        """`ws` waits to say hello; the oldest, to close, when there is no more room."""
        self._waiting.append(ws)
        if len(self._waiting) > self.limit:
            return self._waiting.pop(0)
        return None

    def leave(self, ws: web.WebSocketResponse) -> None:
        if ws in self._waiting:
            self._waiting.remove(ws)


async def crowded_out(ws: web.WebSocketResponse, silent: str = "said no hello") -> None:
    """Close a connection that said nothing (`silent`) while newer ones came."""
    await refuse(ws, f"Too many connections at once: this one {silent}.")
    with contextlib.suppress(Exception):
        await ws.close()


async def refuse(ws: web.WebSocketResponse, reason: str, code: Why = Why.CLOSING) -> None:
    """Tell the guest why, in words and as a code (a connection already gone is left
    alone)."""
    with contextlib.suppress(Exception):
        await ws.send_str(encode(Refusal(reason=reason[:MAX_REASON], code=code)))


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


async def read_hello(
    ws: web.WebSocketResponse, codes: Sequence[str], wrong_codes: WrongCodes
) -> tuple[Hello, int] | None:
    """The guest's hello with one of the seats' `codes`, and which (its index); None
    when refused (in words). Every code is compared, each in constant time; a wrong one
    is counted at once (no wait in between: codes sent together are judged one budget
    at a time)."""
    try:
        first = await ws.receive(timeout=HELLO_SECONDS)
    except TimeoutError:
        await refuse(ws, "No hello came in time.")
        return None
    if first.type != WSMsgType.TEXT:
        return None
    try:
        hello = read_from_guest(first.data)
    except OtherVersion as error:  # (in the shape every version reads)
        with contextlib.suppress(Exception):
            await ws.send_str(version_refusal(capital(str(error)) + "."))
        return None
    except BadMessage as error:
        await refuse(ws, capital(str(error)) + ".")
        return None
    if not isinstance(hello, Hello):
        await refuse(ws, "The first message must be a hello.")
        return None
    matches = [same_code(hello.code, code) for code in codes]
    if not any(matches):
        wait = wrong_codes.wrong()
        if wait > 0:
            words = f"Too many wrong codes for this game: wait {int(wait) + 1} seconds."
            await refuse(ws, words, Why.WAIT)
        else:
            await refuse(ws, "That is not the code of this game.", Why.WRONG_CODE)
        return None
    return hello, matches.index(True)


def why_not_open(
    seat: GuestSeat, position: Position | None, hello: Hello, host_name: str, seats: int
) -> tuple[str, Why] | None:
    """Why a guest with the right code cannot have `seat` (None: it can): one guest a
    seat, a game not over (or a guest who played it coming back to learn its end), a
    name that is not the host's. `position`: None when the game is not open."""
    if position is not None and position.over and seat.guest is None:
        position = None
    taken = name_taken(guest_name(hello.name), host_name)
    if seat.guest is None and seat.name is None and taken is not None:
        return taken, Why.SAME_NAME
    if seat.here():
        if seats == 1:
            return "This game already has its guest.", Why.SEAT_TAKEN
        return "That seat is taken: its player has joined already.", Why.SEAT_TAKEN
    if position is None:
        return "This game is not open to join.", Why.NOT_OPEN
    return None


async def each_message(
    ws: web.WebSocketResponse, read: Callable[[str], Read], idle: float, cap: RateCap
) -> AsyncIterator[Read]:
    """The messages `ws` sends, each read by `read`, until it closes. A silence of `idle`
    seconds, a binary frame, too many messages at once (`cap`) or one `read` refuses is
    refused in words, and ends them."""
    while True:
        try:
            message = await ws.receive(timeout=idle)
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
            yield read(message.data)
        except BadMessage as error:
            await refuse(ws, capital(str(error)) + ".")
            return
