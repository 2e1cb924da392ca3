"""The connections that are not the game's guest, as the host sees them: counted, and
said at most once a minute in one line (`Strangers`); those that never finish their
request closed after a deadline, and never more than a few at once (`Unasked`).

A stranger's bytes never reach the host's terminal: what the web server would log of a
request it could not read (a traceback holding the bytes sent) goes to `Strangers.logger`,
which only counts it. The first refusal is said at once; those after it are said
together, a minute after the last line, as one count.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

#: The shortest time between two lines about strangers.
SAY_EVERY = 60.0


class _Counted(logging.Handler):
    def __init__(self, strangers: Strangers) -> None:
        super().__init__(logging.WARNING)
        self.strangers = strangers

    def emit(self, record: logging.LogRecord) -> None:
        self.strangers.refused()


class Strangers:
    """Refused connections, counted; said through `say` at most every `SAY_EVERY`."""

    def __init__(
        self, say: Callable[[str], object], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.say = say
        self.clock = clock
        #: Who was expected, in words (the hub: "a student of this class").
        self.whose = "this game's guest"
        #: Every refusal so far; those not said yet.
        self.count = 0
        self.unsaid = 0
        self._said_at: float | None = None
        self._later: asyncio.TimerHandle | None = None
        #: The web server's logger: what it reports of a connection is counted, never
        #: shown (not attached to the logging tree, so nothing goes up to the root).
        self.logger = logging.Logger("equation-duel.strangers", logging.WARNING)
        self.logger.propagate = False
        self.logger.addHandler(_Counted(self))

    def refused(self) -> None:
        """Count one refused connection (said now, or with the next line)."""
        self.count += 1
        self.unsaid += 1
        now = self.clock()
        if self._said_at is None or now - self._said_at >= SAY_EVERY:
            self._say_now()
        elif self._later is None:
            self._said_later(self._said_at + SAY_EVERY - now)

    def _said_later(self, seconds: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (no loop: said with the next refusal)
            return
        self._later = loop.call_later(seconds, self._say_now)

    def _say_now(self) -> None:
        self._later = None
        if not self.unsaid:
            return
        count, self.unsaid = self.unsaid, 0
        self._said_at = self.clock()
        if count == 1:
            self.say(f"Refused a connection that was not {self.whose}.")
        else:
            self.say(f"Refused {count} connections that were not {self.whose}.")

    def close(self) -> None:
        if self._later is not None:
            self._later.cancel()
            self._later = None


#: Seconds a connection has to finish its request (the websocket's upgrade), and how
#: many may be unfinished at once (past that, the oldest is closed).
REQUEST_SECONDS = 10.0
MAX_UNASKED = 64
#: With a `grace`, how many may be unfinished at once however young (a crowd).
MAX_YOUNG = 512


class Unasked:
    """The connections that have not finished their request yet: closed after
    `REQUEST_SECONDS`, and the oldest closed when there are more than `MAX_UNASKED`, so
    that a crowd of them never keeps the guest's connection out (`watch` the web
    server; `asked` when a request comes)."""

    def __init__(self, strangers: Strangers) -> None:
        self.strangers = strangers
        self._waiting: dict[RequestHandler, asyncio.TimerHandle] = {}
        #: Seconds a connection is not closed for a newer one (up to `MAX_YOUNG` at
        #: once): the hub sets it, so that a student connecting in a crowd of
        #: connections made at the same moment finishes their request (0: none).
        self.grace = 0.0
        self._since: dict[RequestHandler, float] = {}

    def watch(self, server: web.Server) -> None:
        """Hear of each connection `server` accepts."""
        made = server.connection_made

        def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
            made(handler, transport)
            self._made(handler)

        setattr(server, "connection_made", connection_made)  # noqa: B010 (one instance's)

    def _made(self, handler: RequestHandler) -> None:
        loop = asyncio.get_running_loop()
        self._waiting[handler] = loop.call_later(REQUEST_SECONDS, self._close, handler)
        self._since[handler] = loop.time()
        while len(self._waiting) > MAX_UNASKED:
            oldest = next(iter(self._waiting))
            young = loop.time() - self._since.get(oldest, 0.0) < self.grace
            if young and len(self._waiting) <= MAX_YOUNG:
                return
            self._close(oldest)

    def asked(self, handler: object) -> None:
        """A request came on `handler`'s connection: it is not waited for any more."""
        timer = self._waiting.pop(handler, None)  # type: ignore[call-overload]
        self._since.pop(handler, None)  # type: ignore[call-overload]
        if timer is not None:
            timer.cancel()

    def _close(self, handler: RequestHandler) -> None:
        self._since.pop(handler, None)
        timer = self._waiting.pop(handler, None)
        if timer is not None:
            timer.cancel()
        if handler.transport is not None:
            handler.force_close()
            self.strangers.refused()

    def close(self) -> None:
        for timer in self._waiting.values():
            timer.cancel()
        self._waiting.clear()
        self._since.clear()
