"""How many connections `serve` keeps open, and what it does when there are too many.

A connection costs a file descriptor from the moment it is accepted: without limits, a
thousand connections that never finish a request leave the server unable to accept, open
a file or start an app. So the soft open-file limit is raised to the hard one; open
connections are capped below it, the oldest idle ones closed past the cap; a connection
that has not sent a whole request within `REQUEST_SECONDS` is closed; and a failed accept
is logged in one line while serving goes on (asyncio retries it a second later).
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

    `busy` holds the connections whose request is being handled (the middleware keeps
    it). A connection is listed a turn of the loop after it is accepted, so the count is
    checked two turns later.
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
    """The event loop's error handler: one line for a failed accept, never a raise (the
    default handler's traceback reads files, which fails when no descriptor is left, and
    its error stopped the server)."""
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
