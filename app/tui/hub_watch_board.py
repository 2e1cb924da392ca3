"""One watched game of a class's hub, as its players see it (`class watch --game ID`, and
`w` in the student's lobby): the game's own board (`app.tui.boards`, a read-only picture
as the replay and the analysis draw it), the round's moves in words, whose turn it is, and
the hub's last line of the game, all live.

It draws what the hub sends a watcher who asked for the board (`watched` lines, and
`watched-board`: the match as it stands, replayed through the rules by
`app.hub.watching.position_of`). The board is a picture: it takes no key, and nothing
this screen can send names a move (its one key leaves).
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from app.hub.protocol import FromHub, Watched, WatchedBoard
from app.hub.watching import WatchedGames, position_of
from app.online.texts import their_words
from app.tui.boards.common import SomeBoard
from app.tui.boards.table import board_of
from app.tui.styles import HUB_WATCH_STYLES
from rules.registry import GAME_INFO
from widgets.keys_footer import KeysFooter


class WatchBoardScreen(Screen[None]):
    """A watched game (see the module's docstring): game `number` (None: the first the
    hub names)."""

    CSS_PATH = HUB_WATCH_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "leave", "Leave")]

    def __init__(self, number: int | None = None) -> None:
        super().__init__()
        self.number = number
        self.watched = WatchedGames()
        #: The board shown, and the game and options it was made for.
        self.board: SomeBoard | None = None
        self._made_for: tuple[str, object] | None = None
        self._drawing = asyncio.Lock()

    def compose(self) -> ComposeResult:
        yield Static(Content("Waiting for the game..."), id="watch-heading")
        yield Static(Content(""), id="watch-turn")
        with Horizontal(id="watch-middle"):
            with VerticalScroll(id="watch-moves-box") as box:
                box.border_title = "Moves"
                yield Static(Content("No move yet."), id="watch-moves")
            yield VerticalScroll(id="watch-board")
        yield Static(Content(""), id="watch-said")
        yield KeysFooter()

    def action_leave(self) -> None:
        self.dismiss()

    def shows(self, message: FromHub) -> bool:
        """Show `message` if it is about the game watched; whether it was (a board is
        drawn by a worker of the screen's, each in its turn)."""
        if not isinstance(message, Watched | WatchedBoard):
            return False
        if self.number is None:
            self.number = message.game
        if message.game != self.number:
            return False
        if isinstance(message, Watched):
            self._heard(their_words(message.text))
        else:
            self.run_worker(self._show(message), group="watch-board")
        return True

    def say(self, text: str) -> None:
        """A line of the hub's (the watch's answer, a refusal)."""
        self.query_one("#watch-said", Static).update(Content(text))

    def _heard(self, text: str) -> None:
        assert self.number is not None
        game = self.watched.heard(self.number, text)
        info = GAME_INFO.get(game.game)
        named = info.name if info is not None else game.game
        heading = f"Game {game.number}: {game.players[0]} vs {game.players[1]}, {named}"
        self.query_one("#watch-heading", Static).update(Content(heading))
        if game.lines:
            self.say(game.lines[-1])
        if game.over:
            self.query_one("#watch-turn", Static).update(Content(game.result))

    async def _show(self, shown: WatchedBoard) -> None:
        async with self._drawing:  # (in the order they came: a board mounts once)
            await self._draw(shown)

    async def _draw(self, shown: WatchedBoard) -> None:
        game = self.watched.games.get(shown.game)
        names = game.players if game is not None and all(game.players) else None
        try:
            position = position_of(shown.match, names or ("Player 1", "Player 2"))
        except ValueError as error:
            self.say(f"{str(error).capitalize()}: its moves come in words.")
            return
        if self.board is None or self._made_for != (position.game_id, position.options):
            holder = self.query_one("#watch-board", VerticalScroll)
            await holder.remove_children()
            self.board = board_of(position.game_id)(
                position.options,
                names or ("Player 1", "Player 2"),
                id="watch-position",
                classes=f"position position-{position.game_id}",
            )
            self._made_for = (position.game_id, position.options)
            await holder.mount(self.board)
            # (its pools fit their rows to its width once it is laid out)
            self.board.call_after_refresh(self.board.on_resize)
        self.board.show(position.state, position.played)
        over = game is not None and game.over
        self.query_one("#watch-turn", Static).update(
            Content(game.result if over and game is not None else position.turn)
        )
        moves = "\n".join(position.moves) or "No move yet."
        self.query_one("#watch-moves", Static).update(Content(moves))
        self.query_one("#watch-moves-box", VerticalScroll).scroll_end(animate=False)
