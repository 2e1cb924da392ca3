"""A tournament's pairing played online: `OnlineWayScreen` asks which way (1: this machine
plays the first player, the other joins; 2: both join and this machine only judges,
`RelayScreen`, which runs the relay on this loop and shows each player's command, then
what happens). Escape stops the relay as ctrl+c does: the game is kept, the pairing
stays to play.
"""

from __future__ import annotations

import contextlib
from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from app.tui.styles import ONLINE_STYLES
from widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from textual.worker import Worker

    from app.online.relay import Relay

#: The addresses to listen on: this machine only, or every network it is on.
LOOPBACK = "127.0.0.1"
EVERY_NETWORK = "0.0.0.0"
#: How many of the latest lines the relay screen shows.
SHOWN_LINES = 8
#: The relay's lines that go with the players' commands.
JOIN_NOTES = ("Each code", "Only this machine", "Machines that", "Any machine", "The link")


class OnlineWayScreen(Screen[tuple[int, str] | None]):
    """Which way (1 or 2) and the address to listen on; None: Escape."""

    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose(1)", "First plays here"),
        Binding("2", "choose(2)", "Both on their machines"),
        Binding("n", "network", "Who can join"),
        Binding("escape", "choose(0)", "Back"),
    ]

    def __init__(self, title: str, names: tuple[str, str]) -> None:
        super().__init__(classes="online-wait")
        self.title_words = title
        self.names = names
        self.bind = LOOPBACK

    def compose(self) -> ComposeResult:
        p1, p2 = self.names
        with Vertical(id="online-box"):
            yield Static(Text(f"{self.title_words}: play online", style="bold"), id="online-title")
            yield Static(
                f"1  {p1} plays on this machine; {p2} joins from their own machine.",
                id="guest-command",
                markup=False,
            )
            yield Static(
                f"2  {p1} and {p2} each join from their own machine, each with their own "
                "code; this machine only judges (no takebacks).",
                id="online-reach",
                markup=False,
            )
            yield Static(self._reach(), id="online-waiting", markup=False)
        yield KeysFooter()

    def _reach(self) -> str:
        if self.bind == LOOPBACK:
            return "n  Only this machine can join (n: the class's network too)."
        return (
            "n  Any machine that can reach this one on the network can try to join; the "
            "link is not encrypted (n: this machine only)."
        )

    def action_network(self) -> None:
        self.bind = EVERY_NETWORK if self.bind == LOOPBACK else LOOPBACK
        self.query_one("#online-waiting", Static).update(self._reach())

    def action_choose(self, way: int) -> None:
        self.dismiss((way, self.bind) if way else None)


class RelayScreen(Screen[None]):
    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Stop hosting")]

    def __init__(
        self,
        tournament: str,
        number: int,
        names: tuple[str, str],
        title: str,
        bind: str = LOOPBACK,
    ) -> None:
        super().__init__(classes="online-wait")
        self.bind = bind
        self.tournament = tournament
        self.number = number
        self.names = names
        self.title_words = title
        self.lines: deque[str] = deque(maxlen=SHOWN_LINES)
        #: The lines that say how each player joins.
        self.commands: list[str] = []
        self.relay: Relay | None = None
        self.worker: Worker[None] | None = None
        self.ended = False

    def compose(self) -> ComposeResult:
        with Vertical(id="online-box"):
            yield Static(Text(self.title_words, style="bold"), id="online-title")
            yield Static("", id="guest-command", markup=False)
            yield Static("Starting…", id="online-waiting", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.worker = self._relay()

    @work(exclusive=True, group="relay")
    async def _relay(self) -> None:
        try:
            relay = self.relay = _pairing_relay(
                self.tournament, self.number, self.names, self._heard, self.bind
            )
            lines = await relay.start()
        except (OSError, ValueError) as error:  # (TournamentError is a ValueError)
            self._heard(f"The game cannot be hosted: {error}", last=True)
            return
        for line in lines:
            self._heard(line)
        self._heard("Waiting for both players to join (Escape stops).")
        stopped = await relay.play()
        if stopped and not relay.playing:
            self._heard("Hosting stopped before both players joined: nothing was played.")
        elif stopped:
            self._heard(f"The game stops ({stopped}): it is kept.")
        from app.classroom.tournament.playing import collect_results

        said = collect_results(self.tournament)
        if said:
            for line in [*said[:-1], f"{said[-1]} The result is in the tournament."]:
                self._heard(line)
        else:
            self._heard("The match was not finished: no result entered.")
        self._heard("Escape goes back to the round.", last=True)

    def _heard(self, line: str, last: bool = False) -> None:
        self.ended = self.ended or last
        if not self.is_attached or not line.strip():
            return
        if " joins with: " in line or line.startswith(JOIN_NOTES):
            self.commands.append(line)
            shown = "\n".join(self.commands).replace(" joins with: ", " joins with:\n  ")
            self.query_one("#guest-command", Static).update(Text(shown))
            return
        self.lines.append(line)
        self.query_one("#online-waiting", Static).update(Text("\n".join(self.lines)))

    async def _stop_relay(self) -> None:
        if self.relay is not None:
            self.relay.stop()
        worker = self.worker
        if worker is not None and not worker.is_finished:
            with contextlib.suppress(Exception):
                await worker.wait()
        if self.relay is not None:
            from app.online.relay import STOPPED_HERE

            await self.relay.link.stop(STOPPED_HERE)

    async def action_leave(self) -> None:
        await self._stop_relay()
        self.app.pop_screen()

    async def on_unmount(self) -> None:
        await self._stop_relay()


def _pairing_relay(
    tournament: str, number: int, names: tuple[str, str], say: Any, bind: str
) -> Relay:
    """The relay of the pairing `names` (TournamentError when it cannot be played)."""
    from app.classroom.tournament.playing import start_pairing
    from app.online.relay import Relay
    from rules.match import new_match
    from rules.registry import get_game

    chosen, p1, p2 = start_pairing(tournament, number, *names)
    game = get_game(chosen.game_of(number))
    options = game.Options.model_validate(chosen.options)
    match = new_match(game.id, options, chosen.best_of if chosen.best_of > 1 else None, None)
    return Relay(game, match, (p1, p2), say, bind)
