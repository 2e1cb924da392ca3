"""The rules of a game (seed + rulings): its Markdown text in a scrolling pane."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from app.tui.mounting import StyledAsMounted
from app.tui.styles import SCREEN_STYLES
from rules.registry import get_game
from rules.rulebook import rules_markdown
from widgets.keys_footer import KeysFooter
from widgets.rules_text import RulesText


def rules_text(game_id: str) -> str:
    """The game's rules text; a short stand-in if its text is not shipped yet."""
    try:
        return rules_markdown(game_id)
    except (ImportError, OSError):
        game = get_game(game_id)
        return f"# {game.title}\n\n{game.pitch}\n\n*The full rules text is not available.*\n"


class RulesScreen(StyledAsMounted, Screen[None]):
    """One game's rules; Escape, q or F1 go back."""

    CSS_PATH = SCREEN_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "app.pop_screen", "Back"),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__(classes="rules-screen")
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        game = get_game(self.game_id)
        yield Static(f"Rules · {game.title}", id="rules-title", markup=False)
        with VerticalScroll(id="rules-scroll"):
            yield RulesText(rules_text(self.game_id), id="rules-text")
        yield KeysFooter()

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if where == "home":
            scroll.scroll_home(animate=False)
        else:
            scroll.scroll_end(animate=False)
