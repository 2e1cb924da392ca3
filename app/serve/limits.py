"""How many connections `serve` keeps open, and what it does when there are too many.

A connection costs the server a file descriptor from the moment it is accepted, before
it has sent a byte. Without limits, a thousand connections that never finish a request
use up the descriptors and the server cannot accept, open a file or start an app.
Here:
- the soft limit on open files is raised to the hard one at start (`raise_file_limit`);
- open connections are capped well below that limit (`connection_cap`); past the cap the
  oldest idle connections (with no request being handled: they have sent nothing, half a
  request, or wait between requests) are closed to make room (`ConnectionGuard`);
- a connection that has not sent a whole request within `REQUEST_SECONDS` is closed
  (aiohttp's keep-alive timer, which starts when the connection is made);
- a failed accept (no descriptor left) is logged in one line and serving goes on
  (`on_loop_error`): asyncio retries the accept a second later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
from typing import Any

from aiohttp import web_protocol, web_server

from app.serve.config import MIN_CONNECTIONS

log = logging.getLogger("equation-duel.serve")

#: Seconds a connection may take to send a whole request (or to send the next one).
REQUEST_SECONDS = 5.0
#: Descriptors kept for the server itself (Python, logs, the listening sockets, the
#: connections accepted in the last turns of the loop, not yet counted) and for each
#: tab (its websocket, its app's three pipes, and room to spare).
RESERVED_FILES = 64 + 2 * 128
FILES_PER_TAB = 8


def raise_file_limit() -> int:
    """Raise the soft limit on open files to the hard one; the soft limit after that."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as error:
            log.warning("could not raise the open-file limit from %d: %s", soft, error)
    return soft


def connection_cap(wanted: int, file_limit: int, max_sessions: int) -> int:
    """The most connections to keep open: `wanted`, if the descriptors allow it."""
    room = file_limit - RESERVED_FILES - FILES_PER_TAB * max_sessions
    return max(MIN_CONNECTIONS, min(wanted, room))


class ConnectionGuard:
    """A protocol factory in front of aiohttp's server, holding its connections to `cap`.

    `busy` holds the connections whose request is being handled (a page, a file, a
    whole websocket session); the server's middleware adds and removes them. The
    server lists its connections oldest first, from the moment each is made, which is
    a turn of the loop after it is accepted: the count is checked two turns later.
    """

    def __init__(self, server: web_server.Server, cap: int) -> None:
        self.server = server
        self.cap = cap
        self.busy: set[object] = set()
        self.closed_for_room = 0

    def __call__(self) -> web_protocol.RequestHandler:
        loop = asyncio.get_running_loop()
        loop.call_soon(loop.call_soon, self.make_room)
        return self.server()

    def make_room(self) -> None:
        """Close the oldest idle connections past the cap (a busy one is never closed)."""
        open_now = [h for h in self.server.connections if _still_open(h)]
        excess = len(open_now) - self.cap
        if excess <= 0:
            return
        for handler in [h for h in open_now if h not in self.busy][:excess]:
            handler.force_close()
            self.closed_for_room += 1
            if self.closed_for_room in (1, 10, 100) or self.closed_for_room % 1000 == 0:
                log.warning(
                    "%d connections open, the most allowed: closed %d in all to make room",
                    self.cap,
                    self.closed_for_room,
                )


def _still_open(handler: web_protocol.RequestHandler) -> bool:
    return handler.transport is not None and not handler.transport.is_closing()


def on_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's error handler: one line for a failed accept, never a raise.

    The default handler logs a traceback, and the traceback's renderer imports and
    reads files, which fails when no descriptor is left; its error then escaped the
    event loop and stopped the server. Other errors still get the default handler,
    and one line when even that fails.
    """
    message = str(context.get("message", "error in the event loop"))
    error = context.get("exception")
    try:
        if message.startswith("socket.accept() out of system resource"):
            log.warning("cannot accept a connection (%s); trying again in a second", error)
        else:
            loop.default_exception_handler(context)
    except Exception:
        with contextlib.suppress(Exception):
            log.error("%s: %r", message, error)
