"""The menu by mouse: each link and each game where it is drawn (one widget each: the
links `app.tui.menu_links.MenuLinks`, the games `app.tui.game_cards.GameList`), hovering."""

from __future__ import annotations

from typing import Any

import pytest
from textual.command import CommandPalette
from textual.geometry import Offset

from app.tui.app import EquationDuelApp
from app.tui.game_cards import GameList
from app.tui.menu import MenuScreen
from app.tui.menu_links import MenuLinks
from app.tui.online_host import OnlineGamesScreen
from app.tui.puzzle_menu import PuzzleMenuScreen
from app.tui.replay import SavedGamesScreen
from app.tui.rules_screen import RulesScreen
from app.tui.setup import SetupScreen
from app.tui.stats_screen import StatsScreen
from app.tui.tournament_screen import TournamentScreen
from tests.app.tui_support import (
    SIZE,
    click_game,
    click_link,
    game_offset,
    link_offset,
    links_drawn,
    top,
    until,
)
from widgets.keys_footer import KeysFooter


async def test_each_link_opens_what_it_says_by_click() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        links = app.screen.query_one(MenuLinks)
        with pytest.raises(KeyError):  # no game set up yet: no "Play again"
            link_offset(links, "play-again")
        _, rules = links_drawn(links, 1)[0]
        await pilot.click(MenuLinks, offset=(rules.x - 1 - links.region.x, 1))  # beside
        await pilot.click(MenuLinks, offset=(0, 2))  # left of the last row
        assert isinstance(top(app), MenuScreen)
        await pilot.press("down", "down")  # Play and Rules are the highlighted game's
        opened = {
            "play": SetupScreen,
            "online": OnlineGamesScreen,
            "rules": RulesScreen,
            "puzzles": PuzzleMenuScreen,
            "saved-games": SavedGamesScreen,
            "statistics": StatsScreen,
            "tournament": TournamentScreen,
            "theme": CommandPalette,
        }
        for name, screen in opened.items():
            await click_link(pilot, name)
            await until(pilot, lambda kind=screen: isinstance(top(app), kind), name)
            if name in ("play", "rules"):
                assert top(app).game_id == "fifty"
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(top(app), MenuScreen), "the menu")
        await click_link(pilot, "quit")
    assert app.return_code == 0


async def test_each_game_opens_by_click_and_the_list_keeps_the_keys() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        menu = top(app)
        games = menu.query_one(GameList)
        assert games.has_focus and menu.highlighted_game == "collect"
        for game_id in ("countdown", "template"):
            await click_game(pilot, game_id)
            assert isinstance(top(app), SetupScreen) and top(app).game_id == game_id
            await pilot.press("escape")
            assert menu.highlighted_game == game_id  # the one clicked stays highlighted
        await pilot.press("up", "up")  # round from the top to the bottom
        assert menu.highlighted_game == "countdown"
        await pilot.press("enter")
        assert isinstance(top(app), SetupScreen) and top(app).game_id == "countdown"


def _background(app: EquationDuelApp, where: Offset) -> object:
    return app.screen.get_style_at(where.x, where.y).bgcolor


async def test_hovering_a_link_or_a_game_draws_it_so() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        links = app.screen.query_one(MenuLinks)
        games = app.screen.query_one(GameList)
        quit_at = links.region.offset + link_offset(links, "quit")
        fifty_at = games.region.offset + game_offset(games, "fifty")
        before = _background(app, quit_at), _background(app, fifty_at)
        await pilot.hover(MenuLinks, offset=link_offset(links, "quit"))
        await until(pilot, lambda: _background(app, quit_at) != before[0], "the link's hover")
        assert links.hovered == "quit" and _background(app, fifty_at) == before[1]
        await pilot.hover(GameList, offset=game_offset(games, "fifty"))
        await until(pilot, lambda: _background(app, fifty_at) != before[1], "the game's hover")
        assert games.hovered == "fifty" and links.hovered is None
        assert _background(app, quit_at) == before[0]
        assert games.highlighted == "collect"  # hovering chooses nothing


async def test_online_play_is_on_the_menu_and_in_its_footer_at_80x24() -> None:
    """It was only in the command palette (and the key o, shown nowhere)."""
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = top(app)
        footer = menu.query_one(KeysFooter)
        assert ("o", "Online") in [(key.display, key.description) for key in footer.keys]
        assert "o Online" in str(footer.render())  # drawn, not cut off
        links = menu.query_one(MenuLinks)
        drawn = [words for row in range(3) for words, _ in links_drawn(links, row)]
        assert "Online (o)" in drawn
        await click_link(pilot, "online")
        await until(pilot, lambda: isinstance(top(app), OnlineGamesScreen), "online play")
        await pilot.press("escape")
        await until(pilot, lambda: top(app) is menu, "the menu")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(top(app), OnlineGamesScreen), "online play")


def test_snapshot_menu_at_80x24(snap_compare: Any) -> None:
    """Every link whole at 80×24, three rows: Play, Online, Puzzles; Rules, Saved games,
    Statistics, Class; the theme named, Quit. The footer offers o Online."""
    assert snap_compare(EquationDuelApp(), terminal_size=(80, 24))


async def test_each_game_to_host_opens_its_setup_by_click_or_enter() -> None:
    from app.tui.online_hosting import OnlineSetupScreen

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.click("#game-conquest")
        await pilot.pause()
        assert isinstance(top(app), OnlineSetupScreen) and top(app).game_id == "conquest"
        await pilot.press("escape")
        await pilot.pause()
        top(app).query_one("#game-fifty").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(top(app), OnlineSetupScreen) and top(app).game_id == "fifty"
