"""The command palette and the list of themes open with their list filled, laid out and
drawn once (app.tui.command_palette): Textual fills the list in a worker after the first
frame, laying the palette out and drawing it twice more."""

from __future__ import annotations

import asyncio

from textual.command import CommandList, CommandPalette, DiscoveryHit, Hits, Provider

from app.tui.app import EquationDuelApp
from app.tui.command_palette import GamePalette
from tests.app.test_tui_drawn_once import drawn, settled
from tests.app.tui_support import SIZE, top

__all__ = ["drawn"]  # (the fixture)


def listed(app: EquationDuelApp) -> list[str]:
    commands = top(app).query_one(CommandList)
    return [str(commands.get_option_at_index(n).prompt) for n in range(commands.option_count)]


async def test_the_palette_opens_over_a_game_with_its_commands_in_one_layout(
    drawn: list[str],
) -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        drawn.clear()
        await pilot.press("ctrl+p")
        await settled(pilot)
        assert drawn == ["layout GamePalette", "frame GamePalette"]
        assert isinstance(top(app), CommandPalette)
        assert any("Hint" in line for line in listed(app))
        assert top(app).query_one(CommandList).has_class("--visible")


async def test_the_themes_open_from_the_menu_listed_in_one_layout(drawn: list[str]) -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        drawn.clear()
        await pilot.press("t")
        await settled(pilot)
        assert drawn == ["layout GamePalette", "frame GamePalette"]
        assert any("high-contrast" in line for line in listed(app))


async def test_typing_still_searches_and_clearing_lists_every_command_again() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("t")
        await settled(pilot)
        every = listed(app)
        await pilot.press(*"nord")
        await settled(pilot)
        assert listed(app) and all("nord" in line for line in listed(app))
        await pilot.press(*["backspace"] * 4)
        await settled(pilot)
        assert listed(app) == every
        await pilot.press("escape")
        await settled(pilot)
        assert not isinstance(top(app), CommandPalette)


class Waits(Provider):
    """A provider whose commands are not known at once."""

    async def discover(self) -> Hits:
        await asyncio.sleep(0)
        yield DiscoveryHit("Waited", lambda: None)

    async def search(self, query: str) -> Hits:
        yield DiscoveryHit("Waited", lambda: None)


async def test_commands_not_known_at_once_are_listed_by_textuals_worker() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.push_screen(GamePalette([Waits]))
        await settled(pilot)
        assert listed(app) == ["Waited"]
