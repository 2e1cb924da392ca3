"""Hosting a game in the full screen, once its game is chosen on the online games screen
(`app.tui.online_host`): its setup, then the join code, then the game once the guest
joins (docs/online.md).

- `OnlineSetupScreen`: the game's setup screen, as for a local game; Start hosts it (the
  second seat is the guest's, named by the guest).
- `HostWaitScreen`: hosts the game as a hub of two (`app.online.hosting`: a relay judges
  it, on Textual's own loop), shows the code, the guest's command, who can reach it and
  that the link is not encrypted, and waits for the guest. It listens on this machine
  only; `l` listens on the local network too (as `host --bind 0.0.0.0` does, with the
  same words), and again `l` stops that. When the guest has joined, this side's player
  joins its own game over loopback (a `GuestLink` on the same loop) and plays on the
  guest's board (`app.tui.online_guest`), as the guest does.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from app.match_session.setup import MAX_NAME, GameSetup, Seat
from app.online.codes import new_code
from app.online.guest_link import GuestLink, JoinRefused
from app.online.hosting import HostedGame, host_seat_of
from app.online.relay import shown_host
from app.online.texts import UNENCRYPTED, reach_words
from app.tui.choices import Choices
from app.tui.match_form import MatchForm
from app.tui.online_guest import guest_board
from app.tui.options_form import FieldRow, entry
from app.tui.setup import SEAT_COLOURS, SetupScreen
from app.tui.styles import ONLINE_STYLES
from rules.base import PlayerNo, other
from rules.registry import GAME_INFO, get_game
from rules.words.common import DEFAULT_NAMES
from widgets.keys_footer import KeysFooter

GUEST_SEAT: PlayerNo = 2
#: Where the host listens for machines on its network (`l`), and for this one only.
NETWORK = "0.0.0.0"
LOOPBACK = "127.0.0.1"


class OnlineSetupScreen(SetupScreen):
    """The setup screen of a hosted game: Start waits for the guest. The first row is the
    host's name (a person: no computer level), the second the guest's, named by the
    guest: shown, not typed in (a name or a computer chosen there was passed over)."""

    def _seat_row(self, player: PlayerNo) -> ComposeResult:
        host = player == 1
        name = self.initial.seats[0].name if host else "Guest"
        who = "You, at this keyboard" if host else "Your friend names this seat as they join"
        with FieldRow(f"Player {player}", f"bold {SEAT_COLOURS[player - 1]}", classes="seat"):
            yield entry(
                value=name,
                id=f"name-{player}",
                classes="name",
                max_length=MAX_NAME,
                disabled=not host,
            )
            played_by = Choices([(who, "human")], "human")
            played_by.id, played_by.disabled = f"seat-{player}", True
            yield played_by

    def action_start(self) -> None:
        options = self._validate()
        if options is None:
            self.notify("Some options need fixing first (see the red lines).", severity="error")
            return

        best_of, seconds = self.query_one(MatchForm).values()
        host = Seat(self.seats()[0].name)
        host_seat, options = host_seat_of(options)  # ("Player 2" first: the host is Player 2)
        if host_seat == 2 and host.name == DEFAULT_NAMES[0]:
            host = Seat(DEFAULT_NAMES[1])  # (not named: called by the seat the host has)
        seats = (host, Seat("Guest")) if host_seat == 1 else (Seat("Guest"), host)
        setup = GameSetup(self.game_id, options, seats, best_of, seconds)
        self.app.switch_screen(HostWaitScreen(setup, guest_seat=2 if host_seat == 1 else 1))


class GuestJoined(Message):
    """The guest said a good hello."""


class HostWaitScreen(Screen[None]):
    """The join code and the guest's command; waits for the guest (see the module)."""

    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hints", "Hints on/off"),
        Binding("l", "network", "Local network on/off"),
        Binding("escape", "leave", "Stop hosting"),
    ]

    def __init__(
        self,
        setup: GameSetup,
        bind: str = LOOPBACK,
        port: int = 0,
        guest_seat: PlayerNo = GUEST_SEAT,
    ) -> None:
        super().__init__(classes="online-wait")
        self.setup = setup
        self.bind = bind
        self.guest_seat = guest_seat
        self.code = new_code()
        self.asked_port = port
        self.port = 0
        self._handed_over = False
        #: Whether both players may ask for hints (the host decides before the guest joins).
        self.hints = False
        self._link_on(bind)

    def _link_on(self, bind: str, seat_name: str | None = None) -> None:
        """The hosted game (not listening yet) on `bind`."""
        self.bind = bind
        host_name = self.setup.names[other(self.guest_seat) - 1]
        self.hosted = HostedGame(
            get_game(self.setup.game_id),
            self.setup.new_match(),
            host_name,
            other(self.guest_seat),
            bind=bind,
            port=self.asked_port,
            notice=lambda text: self.app.notify(text, markup=False),
            guest=seat_name,
            hints=self.hints,
            code=self.code,
        )
        self.hosted.on_guest = lambda: self.post_message(GuestJoined())
        self.link = self.hosted.link

    def compose(self) -> ComposeResult:
        title = GAME_INFO[self.setup.game_id].name
        with Vertical(id="online-box"):
            yield Static(Text(f"Hosting {title}", style="bold"), id="online-title")
            yield Static("", id="join-code", markup=False)
            yield Static("", id="guest-command", markup=False)
            yield Static(reach_words(self.bind, flag=False), id="online-reach", markup=False)
            yield Static(self._network_words(), id="online-network", markup=False)
            yield Static(UNENCRYPTED, id="online-unencrypted", markup=False)
            yield Static(self._hint_words(), id="online-hints", markup=False)
            yield Static("Waiting for your friend to join…", id="online-waiting", markup=False)
        yield KeysFooter()

    async def on_mount(self) -> None:
        await self._listen()

    async def _listen(self) -> None:
        command = self.query_one("#guest-command", Static)
        try:
            self.port = await self.link.start()
        except OSError as error:
            self.query_one("#join-code", Static).update(
                Text(f"Cannot listen on {self.bind}: {error.strerror or error}")
            )
            command.update("")
            return
        self.query_one("#join-code", Static).update(Text(f"Join code: {self.code}"))
        shown = shown_host(self.bind)
        command.update(
            Text(f"Your friend types: equation-duel join {self.code}@{shown}:{self.port}")
        )

    def _network_words(self) -> str:
        if self.bind == LOOPBACK:
            return "l: let machines on your local network join too."
        return "l: let only this machine join again."

    async def action_network(self) -> None:
        """Listen on the local network, or on this machine only again (before the guest
        joins: the code stays, the port may change)."""
        if self._handed_over or self.hosted.guest is not None:
            return
        await self.link.stop()
        self._link_on(NETWORK if self.bind == LOOPBACK else LOOPBACK, self.link.seat_name)
        self.query_one("#online-reach", Static).update(reach_words(self.bind, flag=False))
        self.query_one("#online-network", Static).update(self._network_words())
        await self._listen()

    def on_guest_joined(self, _message: GuestJoined) -> None:
        if self._handed_over or not self.is_attached:
            return
        self._handed_over = True
        self._play_here(self.hosted)

    @work(exclusive=True, group="online-host")
    async def _play_here(self, hosted: HostedGame) -> None:
        """This side's player joins its own game over loopback, on the guest's board."""
        judging = asyncio.get_running_loop().create_task(hosted.play())
        link = GuestLink(hosted.own_address(self.port), hosted.host_name)
        try:
            screen, seat = guest_board(link, await link.join())
        except (JoinRefused, ValueError) as error:
            hosted.stop()
            await judging
            self.query_one("#online-waiting", Static).update(Text(f"Cannot play: {error}"))
            return
        seat.judging = judging
        self.app.switch_screen(screen)
        self.app.call_after_refresh(screen.mount, seat)

    def _hint_words(self) -> str:
        if self.hints:
            return "Hints: allowed for both players (h: no hints)."
        return "Hints: off in this game (h allows them for both players)."

    def action_hints(self) -> None:
        self.hints = self.hosted.hints = not self.hints
        self.query_one("#online-hints", Static).update(self._hint_words())

    async def action_leave(self) -> None:
        await self.link.stop("The host stopped hosting.")
        self.app.pop_screen()

    async def on_unmount(self) -> None:
        if not self._handed_over:
            await self.link.stop()
