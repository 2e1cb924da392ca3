"""The turn clock of a match session: the seconds the player to move has used, read from
an injected time source (`time.monotonic` by default; tests move a clock by hand)."""

from __future__ import annotations

from collections.abc import Callable

#: A time source: seconds from any fixed point.
Clock = Callable[[], float]


class TurnClock:
    """Counts the time of one turn while its front end says it runs."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        #: Seconds used of the turn going on.
        self.used = 0.0
        self._last = clock()

    def start(self) -> None:
        """A new turn: nothing used yet."""
        self.used = 0.0
        self._last = self.clock()

    def tick(self, running: bool) -> None:
        """Count the time since the last tick, if `running` (a dialog on top: not)."""
        now = self.clock()
        if running:
            self.used += max(0.0, now - self._last)
        self._last = now
