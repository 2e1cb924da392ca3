"""`host`: a hub of two. The host's program judges its game as the class's hub judges
every game, with a `Relay` (both seats online, `app.online.relay`): one seat is the
guest's, whose code the host shows; the other is the host's own, whose player joins over
loopback as any guest does (a `GuestLink` on the same loop: the line mode's
`app.plain.online_play`, the full screen's `app.tui.online_hosting`) and plays on the
guest's board and prompts. So a move from the host's keys reaches `MatchSession.play`
on the relay once, as the guest's does, and a hosted game has one referee.

Besides a hub's relay, the host's game lets its guest name their seat (a name that is
the host's but for case is refused), offers takebacks with the other player's consent
(the relay's), keeps nothing itself (each player's copy keeps the game, under the
relay's record id), and keeps a finished game's result for a guest away at its end.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from typing import Any

from app.match_session.keeping import KeepNothing
from app.online.codes import Address, new_code
from app.online.host_guests import GuestSeat
from app.online.host_link import REJOIN_SECONDS, HostLink
from app.online.relay import Relay
from rules.base import Game, PlayerNo, other
from rules.match import MatchState
from rules.records import players_of

#: The guest's seat's name until the guest names it.
GUEST = "Guest"


def host_seat_of(options: Any) -> tuple[PlayerNo, Any]:
    """The host's seat and the game's options: "Player 2 moves first" (`--first 2`, or
    the setup screen's choice) seats the host as Player 2, and the guest, Player 1, moves
    first."""
    if options.first == 2:
        return 2, options.model_copy(update={"first": 1})
    return 1, options


def loopback_of(bind: str) -> str:
    """Where the host's own player connects to a host listening on `bind`."""
    if bind in ("0.0.0.0", ""):
        return "127.0.0.1"
    return "::1" if bind == "::" else bind


def own_trust(cert: str) -> ssl.SSLContext:
    """What the host's own player trusts on an encrypted link: the host's certificate
    `cert` (its names need not be the loopback address's)."""
    context = ssl.create_default_context()
    context.load_verify_locations(cert)
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    context.check_hostname = False
    return context


class HostedGame(Relay):
    """The relay of a hosted game (see the module's docstring)."""

    KEPT = "the game is kept."
    STOPPED = "The game stops: it is kept."

    def __init__(
        self,
        game: Game[Any, Any, Any],
        match: MatchState,
        host_name: str,
        host_seat: PlayerNo = 1,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
        notice: Callable[[str], object] | None = None,
        guest: str | None = None,
        hints: bool = False,
        code: str | None = None,
    ) -> None:
        """`notice`: what the host is told (who joined, who is away, strangers refused);
        `guest`: the guest's seat's name when the host fixes it (a tournament's pairing;
        None: the guest names it); `hints`: both players may ask for hints; `code`: the
        guest's code (None: a new one)."""
        self.host_seat = host_seat
        self.guest_seat = other(host_seat)
        self.host_name = host_name
        self.notice = notice or (lambda _text: None)
        self._where = (bind, port, tls, guest)
        self.guest_code = code or new_code()
        self.host_code = new_code()
        seated = [host_name, guest or GUEST]
        names = (seated[0], seated[1]) if host_seat == 1 else (seated[1], seated[0])
        super().__init__(game, match, names, lambda _text: None, keeper=KeepNothing())
        #: Set when the guest has joined (the host's own player joins then), and called.
        self.guest_here = asyncio.Event()
        self.on_guest: Callable[[], object] | None = None
        self.link.on_arrived = self._arrived
        self.hints = hints

    @property
    def hints(self) -> bool:
        return self.turns.hints

    @hints.setter
    def hints(self, allowed: bool) -> None:
        self.turns.hints = allowed
        self.turns.publish(self.session.match, tuple(self.session.seconds))

    @property
    def guest(self) -> str | None:
        """The guest's name once joined."""
        return self.link.seats[self.guest_seat - 1].guest

    def own_address(self, port: int) -> Address:
        """Where the host's own player joins (the server listens on `port`)."""
        return Address(self.host_code, loopback_of(self._where[0]), port)

    def _new_link(self, names: tuple[str, str], say: Callable[[str], None]) -> HostLink:
        bind, port, tls, guest = self._where
        seats: dict[PlayerNo, tuple[str, str | None]] = {
            self.host_seat: (self.host_code, self.host_name),
            self.guest_seat: (self.guest_code, guest),
        }
        link = HostLink(
            self.guest_code,
            self.host_name,
            bind=bind,
            port=port,
            tls=tls,
            notice=self._noticed,
            seats=seats,
        )
        link.takebacks_offered = link.one_guest = True
        return link

    def _noticed(self, text: str) -> None:
        own = self.host_name  # (the host's own seat's comings and goings are not news)
        if text in (f"{own} joined.", f"{own} is back.") or text.startswith(f"{own} is away:"):
            return
        self.notice(text)

    def _arrived(self, seat: GuestSeat) -> None:
        """The guest joined: their seat has their name from now on."""
        if seat.number != self.guest_seat:
            return
        names = list(self.names)
        names[self.guest_seat - 1] = seat.guest or GUEST
        self.names = (names[0], names[1])
        self.turns.names = self.names
        self.session.players = players_of(self.names)
        self.turns.publish(self.session.match, tuple(self.session.seconds))
        self.guest_here.set()
        if self.on_guest is not None:
            self.on_guest()

    async def play(self) -> str:
        """As a relay's; a result the guest was away for waits for them to come back (as
        long as a rejoin may come)."""
        await self._done.wait()
        if self.over and self.link.is_away(self.guest_seat):
            guest = self.names[self.guest_seat - 1]
            minutes = int(REJOIN_SECONDS // 60)
            self.notice(
                f"{guest} is away: the result waits for them to come back, for up to "
                f"{minutes} minutes (ctrl+c stops)."
            )
            if await self._until_back():
                self.notice(f"{guest} is back and has the result.")
        return await super().play()

    async def _until_back(self) -> bool:
        """Wait until the guest is back (sent what they missed: the end), for as long as
        a rejoin may come; whether they are."""
        link, loop = self.link, asyncio.get_running_loop()
        deadline = loop.time() + REJOIN_SECONDS
        while link.is_away(self.guest_seat):
            link.came.clear()
            try:
                await asyncio.wait_for(link.came.wait(), max(deadline - loop.time(), 0.0))
            except TimeoutError:
                return not link.is_away(self.guest_seat)
        return True
