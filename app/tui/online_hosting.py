"""Hosting a game in the full screen, once its game is chosen on the online games screen
(`app.tui.online_host`): its setup, then the join code, then the game once the guest
joins (docs/online.md).

- `OnlineSetupScreen`: the game's setup screen, as for a local game; Start hosts it (the
  second seat is the guest's, named by the guest).
- `HostWaitScreen`: listens (`app.online.host_link`, on Textual's own loop), shows the
  code, the guest's command, who can reach it and that the link is not encrypted, and
  waits for the guest (the link posts `GuestJoined` when the guest said a good hello). Then the game's own board opens with an
  `OnlineReferee`, and an `OnlineSeat` (`app.tui.online_seat`) carries the guest's moves
  to it as the computer's moves reach a screen: as messages.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from app.match_session.setup import GameSetup, Seat
from app.online.codes import new_code
from app.online.host_link import HostLink
from app.online.host_turns import HostTurns, host_seat_of
from app.online.texts import UNENCRYPTED, reach_words
from app.tui.boards import board_screen
from app.tui.online_referee import OnlineReferee
from app.tui.online_seat import OnlineSeat
from app.tui.setup import SetupScreen
from app.tui.styles import ONLINE_STYLES
from rules.base import PlayerNo
from rules.registry import GAME_INFO
from rules.words.common import DEFAULT_NAMES
from widgets.keys_footer import KeysFooter

GUEST_SEAT: PlayerNo = 2


class OnlineSetupScreen(SetupScreen):
    """The setup screen of a hosted game: Start waits for the guest."""

    def action_start(self) -> None:
        options = self._validate()
        if options is None:
            self.notify("Some options need fixing first (see the red lines).", severity="error")
            return
        from app.tui.match_form import MatchForm

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
        Binding("escape", "leave", "Stop hosting"),
    ]

    def __init__(
        self,
        setup: GameSetup,
        bind: str = "127.0.0.1",
        port: int = 0,
        guest_seat: PlayerNo = GUEST_SEAT,
    ) -> None:
        super().__init__(classes="online-wait")
        self.setup = setup
        self.bind = bind
        self.guest_seat = guest_seat
        self.code = new_code()
        self.record_id = uuid.uuid4().hex
        host_name = setup.names[1 if guest_seat == 1 else 0]
        self.link = HostLink(self.code, host_name, bind=bind, port=port)
        game = board_screen(setup.game_id)  # (imported now: the board opens at once later)
        self._board = game
        from rules.registry import get_game

        self.turns = HostTurns(
            self.link, get_game(setup.game_id), setup.names, guest_seat, self.record_id
        )
        self.turns.publish(setup.new_match(), ())
        self.port = 0
        self._handed_over = False
        #: Whether both players may ask for hints (the host decides before the guest joins).
        self.hints = False

    def compose(self) -> ComposeResult:
        title = GAME_INFO[self.setup.game_id].name
        with Vertical(id="online-box"):
            yield Static(Text(f"Hosting {title}", style="bold"), id="online-title")
            yield Static("", id="join-code", markup=False)
            yield Static("", id="guest-command", markup=False)
            yield Static(reach_words(self.bind), id="online-reach", markup=False)
            yield Static(UNENCRYPTED, id="online-unencrypted", markup=False)
            yield Static(self._hint_words(), id="online-hints", markup=False)
            yield Static("Waiting for your friend to join…", id="online-waiting", markup=False)
        yield KeysFooter()

    async def on_mount(self) -> None:
        self.link.on_joined = lambda: self.post_message(GuestJoined())
        try:
            self.port = await self.link.start()
        except OSError as error:
            self.query_one("#join-code", Static).update(
                Text(f"Cannot listen on {self.bind}: {error.strerror or error}")
            )
            return
        shown = f"[{self.bind}]" if ":" in self.bind else self.bind
        self.query_one("#join-code", Static).update(Text(f"Join code: {self.code}"))
        self.query_one("#guest-command", Static).update(
            Text(f"Your friend types: equation-duel join {self.code}@{shown}:{self.port}")
        )

    def on_guest_joined(self, _message: GuestJoined) -> None:
        if self._handed_over or not self.is_attached:
            return
        guest = self.link.guest or "Guest"
        seats = list(self.setup.seats)
        seats[self.guest_seat - 1] = Seat(guest)
        setup = replace(self.setup, seats=(seats[0], seats[1]))
        self.turns.names = setup.names
        referee = OnlineReferee(self.guest_seat, guest, self.hints)
        screen = self._board(setup, referee=referee)
        screen.session.record_id = self.record_id
        screen.session.clock = self.link.clock  # (it stands still while the guest is away)
        seat = OnlineSeat(self.link, self.turns, referee)
        self._handed_over = True
        self.app.switch_screen(screen)
        self.app.call_after_refresh(_mount_into, screen, seat)

    def _hint_words(self) -> str:
        if self.hints:
            return "Hints: allowed for both players (h: no hints)."
        return "Hints: off in this game (h allows them for both players)."

    def action_hints(self) -> None:
        self.hints = not self.hints
        self.turns.hints = self.hints
        self.turns.publish(self.setup.new_match(), ())
        self.query_one("#online-hints", Static).update(self._hint_words())

    async def action_leave(self) -> None:
        await self.link.stop("The host stopped hosting.")
        self.app.pop_screen()

    async def on_unmount(self) -> None:
        if not self._handed_over:
            await self.link.stop()


def _mount_into(screen: Any, seat: OnlineSeat) -> None:
    screen.mount(seat)
