"""Who gets into a hosted game: the checks before a guest plays (`app.online.host_link`).

Before the websocket opens, a request from a web page (it has an `Origin` header) is
refused, and so is one beyond `MAX_KNOCKING` connections that have not said hello yet.
Then the first message must be a hello, within `HELLO_SECONDS`, of this protocol's
version, with the game's code (compared in constant time). Wrong codes spend the game's
budget (`WrongCodes`, for every address together): past it, a wrong code is told to wait;
a right code is always let in. Each refusal is said in words, and the connection
closes; the host plays on. (Whether the game still has room, one guest, is the link's.)
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from aiohttp import WSMsgType, web

from app.online.codes import WrongCodes, same_code
from app.online.protocol import (
    BadMessage,
    Hello,
    OtherVersion,
    Refusal,
    Why,
    encode,
    read_from_guest,
    version_refusal,
)

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Connections that have not said hello yet, at most (more are refused at once).
MAX_KNOCKING = 8


def turned_away(request: web.Request, knocking: int) -> web.Response | None:
    """The answer to a request refused before the websocket opens (None: let it in)."""
    if request.headers.get("Origin") is not None:
        return web.Response(status=403, text="A web page cannot join this game.\n")
    if knocking >= MAX_KNOCKING:
        return web.Response(status=503, text="Too many connections at once.\n")
    return None


async def refuse(ws: web.WebSocketResponse, reason: str, code: Why = Why.CLOSING) -> None:
    """Tell the guest why, in words and as a code (a connection already gone is left
    alone)."""
    with contextlib.suppress(Exception):
        await ws.send_str(encode(Refusal(reason=reason, code=code)))


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
