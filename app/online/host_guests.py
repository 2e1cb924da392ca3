"""The host's guests, one per seat played over the connection (`app.online.host_link`).

A hosted game has one guest (the host plays the other seat), or, for a game on the
class's hub, a guest in each seat (the hub plays no seat: it only judges,
`app.online.relay`). Each
`GuestSeat` has its own join code, so a guest can only ever take and move for its own
seat, and each may drop and rejoin with its code.

`Presence` says who is away, and keeps the clock the match counts: it stands still
while any guest is away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rules.base import PlayerNo


@dataclass
class GuestSeat:
    """One seat played over the connection."""

    code: str
    number: PlayerNo
    #: The seat's name when the host fixes it (a tournament's pairing); None: the
    #: guest names it.
    name: str | None = None
    #: The guest's name once it has joined.
    guest: str | None = None
    #: Its connection while it is here (an aiohttp websocket).
    ws: Any = None
    #: When it went away (None: here, or not joined yet).
    away_since: float | None = None

    def here(self) -> bool:
        return self.ws is not None and not self.ws.closed


class Presence:
    """Who is away, and the clock that stands still while any guest is away."""

    def __init__(self, seats: Iterable[GuestSeat], wall: Callable[[], float]) -> None:
        self.seats = list(seats)
        self.wall = wall
        self._paused = 0.0
        #: Since when at least one guest has been away (None: every guest is here).
        self._since: float | None = None

    def left(self, seat: GuestSeat) -> None:
        now = self.wall()
        seat.away_since = now
        if self._since is None:
            self._since = now

    def came(self, seat: GuestSeat) -> None:
        seat.away_since = None
        if self._since is not None and not self.away:
            self._paused += self.wall() - self._since
            self._since = None

    @property
    def away(self) -> bool:
        return any(seat.away_since is not None for seat in self.seats)

    def longest_away(self) -> GuestSeat | None:
        """The guest away longest (None: every guest is here)."""
        away = [seat for seat in self.seats if seat.away_since is not None]
        return min(away, key=lambda seat: seat.away_since or 0.0) if away else None

    def away_for(self) -> float:
        """How long the guest away longest has been away (0: none is)."""
        seat = self.longest_away()
        since = seat.away_since if seat is not None else None
        return self.wall() - since if since is not None else 0.0

    def clock(self) -> float:
        now = self.wall()
        since = self._since
        return now - self._paused - (now - since if since is not None else 0.0)
