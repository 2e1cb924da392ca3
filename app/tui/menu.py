"""The menu: the five games, and links to everything else ("Play again": the last setup)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget

from app.tui.game_cards import GameCard, GameList
from app.tui.menu_links import MenuLink, MenuLinks
from app.tui.mounting import gone
from app.tui.navigation import navigator
from rules.registry import GAME_IDS, GAME_INFO
from widgets.keys_footer import KeysFooter

LOGO = "E Q U A T I O N   D U E L"
TAGLINE = "Five two-player arithmetic duels"


def opener(module: str, screen: str) -> Callable[[Screen[Any]], None]:
    """An action that opens `module`'s `screen` (made with no arguments), imported then."""

    def action(self: Screen[Any]) -> None:
        self.app.push_screen(getattr(importlib.import_module(module), screen)())

    return action


class MenuTitle(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"menu-title--logo", "menu-title--tagline"}

    def render(self) -> Text:
        return Text.assemble(
            (LOGO, self.get_component_rich_style("menu-title--logo")),
            "\n",
            (TAGLINE, self.get_component_rich_style("menu-title--tagline")),
        )


#: Three rows with no line between: at 80×24 the menu has three lines left.
LINKS = (
    (
        MenuLink("play", "Play (Enter)", "open", primary=True),
        MenuLink("play-again", "Play again (a)", "play_again", shown=False),
        MenuLink("online", "Online (o)", "online"),
        MenuLink("puzzles", "Puzzles (p)", "puzzles"),
    ),
    (
        MenuLink("rules", "Rules (F1)", "rules"),
        MenuLink("saved-games", "Saved games (g)", "saved_games"),
        MenuLink("statistics", "Statistics (s)", "statistics"),
        MenuLink("tournament", "Class (c)", "tournament"),  # (tournaments)
    ),
    (
        MenuLink("theme", "Theme (t)", "app.change_theme"),
        MenuLink("class-join", "Join a class (j)", "join_class"),
        MenuLink("quit", "Quit (q)", "app.quit"),
    ),
)


class MenuScreen(Screen[None]):
    """Choose a game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # One key shown for all five ("1-5 Choose"): a key has one binding on a screen.
        Binding("1", "choose(0)", "Choose", key_display=f"1–{len(GAME_IDS)}"),
        *(
            Binding(str(n), f"choose({n - 1})", GAME_INFO[g].name, show=False)
            for n, g in enumerate(GAME_IDS[1:], start=2)
        ),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("o", "online", "Online"),
        Binding("p", "puzzles", "Puzzles"),
        Binding("g", "saved_games", "Saved games"),
        Binding("s", "statistics", "Statistics"),
        Binding("c", "tournament", "Tournament", show=False),
        Binding("a", "play_again", "Play again", show=False),
        Binding("j", "join_class", "Join a class", show=False),
        # (the link names the theme in use: the footer has no room at 80 columns)
        Binding("t", "app.change_theme", "Theme", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="menu-screen")

    def compose(self) -> ComposeResult:
        yield MenuTitle(id="menu-title")
        yield GameList(id="games")
        yield MenuLinks(*LINKS, id="menu-links")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):  # (the games have the keys: Textual's focus, the first there is)
            return
        self._offer_play_again()
        links = self.query_one(MenuLinks)
        self.watch(self.app, "theme", lambda theme: links.set_label("theme", f"Theme: {theme} (t)"))

    def on_screen_resume(self) -> None:
        self._offer_play_again()

    def _offer_play_again(self) -> None:
        from app.tui.setup_memory import last_game_id  # (not at launch)

        game_id = last_game_id()
        label = None if game_id is None else f"Play again: {GAME_INFO[game_id].name} (a)"
        self.query_one(MenuLinks).set_label("play-again", label)

    def action_play_again(self) -> None:
        from app.tui.setup_memory import last_game_id, stored_setup  # (not at launch)

        game_id = last_game_id()
        app = navigator(self.app)
        if game_id is None:
            self.notify("Nothing to play again yet: choose a game and start it first.")
        elif app is not None:
            setup = stored_setup(game_id)
            if setup is None:  # it no longer fits the game: its setup, to choose again
                app.open_setup(game_id)
            else:
                app.start_game(setup)

    @property
    def highlighted_game(self) -> str:
        return self.query_one(GameList).highlighted

    def _highlight(self, game_id: str) -> None:
        games = self.query_one(GameList)
        games.highlighted = game_id
        games.focus()

    def on_game_card_chosen(self, event: GameCard.Chosen) -> None:
        event.stop()
        self._open(event.game_id)

    def _open(self, game_id: str) -> None:
        app = navigator(self.app)
        if app is not None:
            app.open_setup(game_id)

    def action_move(self, step: int) -> None:
        index = (GAME_IDS.index(self.highlighted_game) + step) % len(GAME_IDS)
        self._highlight(GAME_IDS[index])

    def action_choose(self, index: int) -> None:
        self._highlight(GAME_IDS[index])
        self._open(GAME_IDS[index])

    def action_open(self) -> None:
        self._open(self.highlighted_game)

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen  # (not at launch)

        self.app.push_screen(RulesScreen(self.highlighted_game))

    # The screens the keys and links open, each imported only then (not at launch).
    action_online = opener("app.tui.online_host", "OnlineGamesScreen")
    action_puzzles = opener("app.tui.puzzle_menu", "PuzzleMenuScreen")
    action_saved_games = opener("app.tui.replay", "SavedGamesScreen")
    action_statistics = opener("app.tui.stats_screen", "StatsScreen")
    action_tournament = opener("app.tui.tournament_screen", "TournamentScreen")
    action_join_class = opener("app.tui.hub_join", "HubJoinScreen")

    async def on_menu_links_pressed(self, event: MenuLinks.Pressed) -> None:
        event.stop()
        await self.run_action(event.link.action)
