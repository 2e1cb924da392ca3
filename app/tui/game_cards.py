"""A game as the menu and the online host's list show it: its number, title and pitch."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from rules.registry import GAME_INFO


class GameCard(Static, can_focus=True):
    """One game in the menu: its number, title and pitch. Enter or a click opens it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "open", "Play", show=False)]

    class Chosen(Message):
        def __init__(self, game_id: str) -> None:
            super().__init__()
            self.game_id = game_id

    def __init__(self, number: int, game_id: str) -> None:
        game = GAME_INFO[game_id]
        prompt = Text.assemble(
            (f"{number}  ", "bold"),
            (game.name, "bold"),
            "\n",
            (game.pitch, "italic"),
        )
        super().__init__(prompt, id=f"game-{game_id}", classes="game-card")
        self.game_id = game_id

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.game_id))

    def action_open(self) -> None:
        self.post_message(self.Chosen(self.game_id))
