"""The command palette offers the game's own commands, and the theme is remembered."""

from __future__ import annotations

import json

from textual.command import CommandPalette
from textual.pilot import Pilot

from app.store import settings
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.rules_screen import RulesScreen
from app.tui.setup import SetupScreen
from app.tui.stats_screen import StatsScreen
from tests.app.tui_support import SIZE, game_screen, top


async def run_command(pilot: Pilot[None], app: EquationDuelApp, words: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(top(app), CommandPalette)
    await pilot.press(*words)
    # The palette searches as you type, in a worker: wait for the search of the words typed.
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def titles(app: EquationDuelApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_palette_offers_the_games_commands_where_they_apply() -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        offered = titles(app)
        for title in ("New game: Countdown Duel", "Rules", "Hint", "Save", "Statistics", "Theme"):
            assert title in offered
        assert "Undo" not in offered  # nothing to take back yet
        await pilot.press("5")
        assert "Undo" in titles(app)


async def test_the_menu_offers_online_play_and_tournaments_in_the_palette() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        offered = titles(app)
        assert "Play a friend online (o)" in offered and "Tournament (c)" in offered
        await run_command(pilot, app, "Tournament")
        assert type(top(app)).__name__ == "TournamentScreen"


async def test_palette_hint_undo_save_rules_and_statistics_run() -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5")
        await run_command(pilot, app, "Undo")
        assert screen.moves == []
        await run_command(pilot, app, "Hint")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Hint" in str(screen.query_one("#status").render())
        await run_command(pilot, app, "Save")
        assert any("Saved to" in str(n.message) for n in app._notifications)
        await run_command(pilot, app, "Rules")
        assert isinstance(top(app), RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        await run_command(pilot, app, "Statistics")
        assert isinstance(top(app), StatsScreen)


async def test_palette_new_game_keeps_the_game_in_progress_and_opens_the_setup() -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await run_command(pilot, app, "New game: Exactly")
        assert isinstance(top(app), SetupScreen) and top(app).game_id == "fifty"
        assert isinstance(app.screen_stack[-2], MenuScreen)
        from app.store.storage import load_autosave

        kept = load_autosave()
        assert kept is not None and kept.game == "countdown"


async def test_the_theme_chosen_survives_a_restart() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme != "nord"
        app.theme = "nord"
        await pilot.pause()
    assert json.loads(settings.settings_path().read_text())["theme"] == "nord"
    again = EquationDuelApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_a_corrupt_or_unknown_theme_setting_is_ignored() -> None:
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", '["theme"]', '{"theme": "no-such-theme"}', '{"theme": 7}'):
        settings.settings_path().write_text(text)
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.theme == "textual-dark"


def test_settings_keep_other_keys_and_write_atomically() -> None:
    settings.update(theme="nord")
    settings.update(names=["Ann", "Bob"])
    assert settings.load() == {"theme": "nord", "names": ["Ann", "Bob"]}
    assert settings.names() == ("Ann", "Bob")
    folder = settings.settings_path().parent
    assert [p.name for p in folder.iterdir()] == ["settings.json"]  # no temporary left
