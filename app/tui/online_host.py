"""Play a friend online, in the full screen: Menu → Play a friend online (o) → the game to
host (`OnlineGamesScreen`, keys 1-5 or a click), or j to join a friend's game
(`app.tui.online_guest`); docs/online.md.

Choosing a game opens its setup and then the wait for the guest (`app.tui.online_hosting`),
imported then: it brings the network code (aiohttp, 0.1-0.2 s to import), which this
screen does not need to be drawn.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from app.tui.game_cards import GameCard
from app.tui.mounting import StyledAsMounted
from app.tui.styles import ONLINE_STYLES
from rules.registry import GAME_IDS
from widgets.keys_footer import KeysFooter


class OnlineGamesScreen(StyledAsMounted, Screen[None]):
    """Choose the game to host."""

    CSS_PATH = ONLINE_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"choose({n - 1})", "Host", show=n == 1) for n in range(1, 6)),
        Binding("j", "join", "Join a friend's game"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def action_join(self) -> None:
        from app.tui.online_guest import JoinScreen  # (when opened)

        self.app.push_screen(JoinScreen())

    def compose(self) -> ComposeResult:
        with Vertical(id="online-box"):
            yield Static("Play a friend online", id="online-title")
            yield Static(
                "Host: choose the game (1-5); your friend joins from their own machine "
                "with the code shown next. Join a friend's game: press j.",
                id="online-help",
                markup=False,
            )
            for number, game_id in enumerate(GAME_IDS, start=1):
                yield GameCard(number, game_id)
        yield KeysFooter()

    def on_game_card_chosen(self, event: GameCard.Chosen) -> None:
        event.stop()
        self._host(event.game_id)

    def action_choose(self, index: int) -> None:
        self._host(GAME_IDS[index])

    def _host(self, game_id: str) -> None:
        from app.tui.online_hosting import OnlineSetupScreen  # (when opened)

        self.app.push_screen(OnlineSetupScreen(game_id))
