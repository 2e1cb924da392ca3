"""The command palette in a key storm (issue 36, item 9; `python -m
tests.campaigns.key_storm --palette`): one palette at a time, none over the too-small
screen, and its page keys safe whenever its lines are not drawn yet."""

from __future__ import annotations

import asyncio

from textual.command import CommandList

from app.tui.app import EquationDuelApp
from app.tui.command_palette import GamePalette
from tests.app.tui_support import SIZE


def kinds(app: EquationDuelApp) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def test_a_second_palette_is_never_opened_under_or_over_the_too_small_screen() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(20, 8)
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "GamePalette", "TooSmallScreen"]
        await pilot.press("ctrl+p")  # was a second GamePalette: DuplicateIds
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "GamePalette", "TooSmallScreen"]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "GamePalette"]


async def test_no_palette_over_the_too_small_screen_so_it_never_stays_once_it_fits() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(20, 8)) as pilot:
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "TooSmallScreen"]
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "TooSmallScreen"]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert kinds(app) == ["MenuScreen"]  # (under a palette, it stayed: the app stuck)


async def test_page_keys_while_the_palette_has_no_width() -> None:
    """A terminal two columns wide: the palette's list has lines of height but no width,
    so Textual makes none of its lines, and its page keys failed (`KeyError: 0`)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(2, 20)
        await pilot.pause()
        palette = app.screen_stack[1]
        assert isinstance(palette, GamePalette)
        commands = palette.query_one(CommandList)
        region = commands.scrollable_content_region
        assert region.height > 0 and region.width == 0
        for direction in (1, -1):
            commands.highlighted = 0
            await palette.action_page(direction)
            assert commands.highlighted is not None


async def test_the_list_of_themes_is_the_palette_with_safe_page_keys() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_change_theme()  # (the palette's "Theme", Textual's own list before)
        await pilot.resize_terminal(2, 20)
        await pilot.pause()
        themes = app.screen_stack[1]
        assert isinstance(themes, GamePalette) and kinds(app)[-1] == "TooSmallScreen"
        await themes.action_page(1)
        assert themes.query_one(CommandList).highlighted is not None


async def test_a_palette_whose_app_closes_while_it_mounts() -> None:
    """The no-wait storm with the palette (seed 4): the app closed as a palette mounted,
    and Textual's worker looked for the palette's list, already gone (`NoMatches`)."""
    for turns in range(4):
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(GamePalette())
            for _ in range(turns):
                await asyncio.sleep(0)
        assert app._exception is None


async def test_the_keys_panel_asked_for_as_the_app_closes() -> None:
    """The palette's "Keys" handled behind the key that quit: Textual mounts its panel on
    a screen no longer attached (`MountError`); the app shows nothing then."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.exit()
        app.action_show_help_panel()


async def test_a_resize_as_the_app_closes_covers_nothing() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(20, 8)
        await pilot.pause()
        app.exit()
        await pilot.resize_terminal(*SIZE)
        app.check_size()
        assert kinds(app)[-1] == "TooSmallScreen"  # (left as it was: the app is going)


async def test_a_palette_closed_after_it_left_the_screens() -> None:
    """The no-wait storm with the palette (seed 6): a command chosen as the app closed its
    screens; Textual's palette then popped the last one (`ScreenStackError`)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, GamePalette)
        app.pop_screen()
        await pilot.pause()
        palette.dismiss()
        await pilot.pause()
        assert kinds(app) == ["MenuScreen"]
