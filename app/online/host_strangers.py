"""The connections that are not the game's guest, as the host sees them: counted, and
said at most once a minute in one line (`Strangers`).

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
            self.say("Refused a connection that was not this game's guest.")
        else:
            self.say(f"Refused {count} connections that were not this game's guest.")

    def close(self) -> None:
        if self._later is not None:
            self._later.cancel()
            self._later = None
