"""The projector view of every game on a class's hub (`equation-duel class watch
CODE@ADDR:PORT --name NAME --all`): a grid of the games in progress, each with its
players, game, whose turn it is, its last moves in words and its result when it ends.
Games come as they start and leave a while after their end. Below them, the class
tournament's standings, live, once a tournament is played (`standings` followed).

It is a watcher in the lobby (`watch *`, the lobby's own watch messages): nothing it
can send names a move. What it knows of each game is `app.hub.watching`'s, as the line
view (`--plain`, `app.plain.hub_join`) says the same lines one by one. The grid keeps
compact panels (four boards do not fit a projector's screen legibly); one game watched
(`--game ID`, `--player NAME`) is shown on its own board (`app.tui.hub_watch_board`).
"""

from __future__ import annotations

import ssl
import sys
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Footer, Static

from app.hub.client import Closed, HubClient
from app.hub.live_words import closed_words
from app.hub.lobby import EVERY_GAME
from app.hub.protocol import Bye, Challenged, Decline, Follow, Said, Watch, Watched
from app.hub.protocol_class import Standings, StandingsNow
from app.hub.watching import WatchedGame, WatchedGames
from app.online.codes import Address
from app.online.guest_link import JoinRefused
from app.online.texts import their_words
from app.tui.hub_watch_board import WatchBoardScreen
from app.tui.styles import HUB_CONSOLE_STYLES, MENU_STYLES
from rules.names import strip_controls

#: Seconds a game's result stays on the projector.
LEAVE_SECONDS = 60.0
#: The last lines shown of each game.
SHOWN_LINES = 6
#: The sheets of `--game`'s app (the console's, and the app's own for the board's screen).
APP_STYLES = [*HUB_CONSOLE_STYLES, *MENU_STYLES[:1]]


#: What the hub says to a student who declined a challenge.
DECLINED = "You declined the challenge."


class HubWatchApp(App[int]):
    """The projector view (see the module's docstring)."""

    CSS_PATH = HUB_CONSOLE_STYLES
    TITLE = "Equation Duel: the class's games"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def __init__(
        self,
        address: Address,
        name: str,
        tls: ssl.SSLContext | None = None,
        target: str = EVERY_GAME,
    ) -> None:
        # (one game's board reads the app's own sheet: its footer's keys, its screen)
        super().__init__(css_path=None if target == EVERY_GAME else APP_STYLES)
        #: What is watched: every game (`--all`), or a game's number or a player's name.
        self.target = target
        self.client = HubClient(address, name, tls)
        self.watched = WatchedGames()
        self.panels: dict[int, Static] = {}
        #: Why the view could not join ("" when it did).
        self.failed = ""
        #: Challenges declined here whose "You declined" is still to come (not shown).
        self.declined = 0
        #: The one game watched, on its board (None: every game, in the grid).
        self.board: WatchBoardScreen | None = None

    def compose(self) -> ComposeResult:
        yield Static(Content("Knocking at the class's hub..."), id="watch-status")
        yield Grid(id="games-grid")
        yield Static(id="watch-standings")
        yield Footer()

    def on_mount(self) -> None:
        if self.target != EVERY_GAME:  # (one game: on its board)
            self.board = WatchBoardScreen()
            self.push_screen(self.board, lambda _: self.exit(0))
        self.run_worker(self._watch(), exclusive=True)

    def on_resize(self, event: events.Resize) -> None:
        """As many columns of games as fit (a game's panel: 50 columns or more)."""
        columns = max(1, event.size.width // 50)
        self.query_one("#games-grid", Grid).styles.grid_size_columns = columns

    def _status(self, text: str) -> None:
        if self.board is not None:
            self.board.say(text)
        else:
            self.query_one("#watch-status", Static).update(Content(text))

    async def _watch(self) -> None:
        """Join the lobby, watch every game, and show each line as it comes."""
        waiting = "Waiting for the teacher to admit this view (q leaves)."
        try:
            await self.client.join(lambda: self._status(waiting))
        except JoinRefused as error:
            self.failed = f"equation-duel: error: cannot join: {error}"
            self.exit(1)
            return
        if self.target == EVERY_GAME:
            self._status("Every game of the class, live (q leaves). No game is being played yet.")
            self.client.send(Standings(follow=True))
        self.client.send(Watch(target=self.target, board=self.board is not None))
        self.client.send(Follow())  # (a challenge then comes as data: declined below)
        try:
            async for message in self.client.messages():
                if self.board is not None and self.board.shows(message):
                    continue
                if isinstance(message, Watched):
                    self._show(self.watched.heard(message.game, their_words(message.text)))
                elif isinstance(message, StandingsNow):
                    self._standings(message)
                elif isinstance(message, Challenged):  # (this view has no accept key)
                    self.client.send(Decline())
                    self.declined += 1
                    who = their_words(message.name, 40)
                    self._status(f"{who} challenged this view, which only watches: declined.")
                elif isinstance(message, Said):
                    if self.declined and message.text == DECLINED:
                        self.declined -= 1  # (the hub's answer to the decline: said above)
                        continue
                    self._status(their_words(message.text))
        except Closed as closed:
            self._status(closed_words(closed))

    def _standings(self, now: StandingsNow) -> None:
        """The tournament's standings, as the console shows them (a table: its spacing
        kept, never a control character)."""
        panel = self.query_one("#watch-standings", Static)
        panel.update(Content("\n".join(strip_controls(line)[:400] for line in now.lines)))
        panel.add_class("shown")

    def _show(self, game: WatchedGame) -> None:
        panel = self.panels.get(game.number)
        if panel is None:
            panel = self.panels[game.number] = Static(classes="watched-game")
            self.query_one("#games-grid", Grid).mount(panel)
        lines = "\n".join(game.lines[-SHOWN_LINES:])
        panel.update(
            Content.assemble((game.heading(), "bold"), "\n", (game.state(), "italic"), "\n", lines)
        )
        if game.over and not panel.has_class("over"):
            panel.add_class("over")
            self.set_timer(LEAVE_SECONDS, lambda: self._leave(game.number))

    def _leave(self, number: int) -> None:
        panel = self.panels.pop(number, None)
        self.watched.forget(number)
        if panel is not None:
            panel.remove()

    async def on_unmount(self) -> None:
        self.client.send(Bye())
        await self.client.close()


def watch_all_screen(
    address: Address, name: str, tls: ssl.SSLContext | None = None, target: str = EVERY_GAME
) -> int:
    """Run the projector view (of every game, or of `target`'s) until `q`; the exit code."""
    app = HubWatchApp(address, name, tls, target)
    code = app.run()
    if app.failed:
        print(app.failed, file=sys.stderr)
    return code if code is not None else 1
