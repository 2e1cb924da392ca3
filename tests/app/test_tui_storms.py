"""Keys queued faster than a person types them (issue 29, "Storms"): a key handled while
the next ones already wait can close or cover the screen they were meant for. Each case
the no-wait key storm found (tests/campaigns/key_storm.py --no-wait), queued at once."""

from __future__ import annotations

import pytest
from textual.command import CommandList, CommandPalette
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from app.tui.app import EquationDuelApp
from app.tui.game_screen import GameScreen
from app.tui.menu import MenuScreen
from app.tui.setup import SetupScreen
from app.tui.unfinished_list import UnfinishedDialog
from rules.records import record_from_moves
from tests.app.store_support import write_autosave
from tests.app.tui_support import SIZE, top
from tests.campaigns.key_storm import queue_key, queue_resize, settle
from widgets.status_line import StatusLine


async def queued(pilot: Pilot[None], *keys: str) -> None:
    """`keys` queued at once; then wait until the app has handled them all."""
    for key in keys:
        queue_key(pilot.app, key)
    await settle(pilot.app, pilot)


def kinds(app: EquationDuelApp) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def test_keys_queued_behind_the_one_that_changed_the_screen() -> None:
    write_autosave(record_from_moves("countdown", None, ["+5"]))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # `r` resumes the game left unfinished; the keys behind it reached its screen
        # before it had shown its first position ("has shown no position yet").
        assert isinstance(top(app), UnfinishedDialog)
        await queued(pilot, "r", "5", "enter", "+", "tab", "ctrl+z")
        resumed = top(app)
        assert isinstance(resumed, GameScreen) and resumed.state is not None

        # Enter starts the game; ctrl+s (start, on the setup) reached the setup after it
        # had gone (the Enter as the name box's `Input.Submitted`), and started a second
        # game over the first: the two handled back to back.
        app.go_menu()
        await pilot.press("1")
        await pilot.pause()
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        setup.action_start()
        setup.action_start()
        await pilot.pause()
        assert kinds(app) == ["MenuScreen", "GameScreen"]

        # The setup announces "More options below" after a refresh, a resize or a scroll
        # of its form, which come also while its widgets are being removed (the app
        # closing): the line was looked for after it had gone (`NoMatches`).
        app.go_menu()
        await queued(pilot, "2")
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        await setup.query_one("#more-options").remove()
        setup.query_one("#setup-form", VerticalScroll).scroll_end(animate=False)
        queue_resize(app, 90, 26)
        await pilot.pause()
        assert top(app) is setup

        # ctrl+p then PageUp at once: Textual's palette failed (`KeyError: 0`) on a page
        # key before its list was laid out (docs/known-issues.md); ours goes to the top.
        app.go_menu()
        await queued(pilot, "ctrl+p", "pageup")
        palette = top(app)
        assert isinstance(palette, CommandPalette)
        assert palette.query_one(CommandList).highlighted in (None, 0)
        await queued(pilot, "pagedown", "pagedown", "pageup", "escape")
        assert isinstance(top(app), MenuScreen)

        # A refusal, a sentence or a redraw handled as the game screen closes (a message
        # or a timer behind the key that left it): its status line had gone (`NoMatches`).
        await pilot.press("4")
        await pilot.press("enter")
        await pilot.pause()
        game = top(app)
        assert isinstance(game, GameScreen)
        app.go_menu()
        await pilot.pause()
        assert not game.query(StatusLine)
        game.refuse("that number is not in the pool")
        game.say("Ann: Take 5.")
        game.redraw()
        assert isinstance(top(app), MenuScreen)


@pytest.mark.parametrize(
    "keys",
    [
        ("1", "ctrl+s", "escape"),
        ("g",),
        ("s",),
        ("f1",),
        ("p",),
        ("p", "a", "k"),
        ("f1", "pageup", "end"),
    ],
)
async def test_keys_queued_after_quit_open_screens_the_closing_app_never_draws(
    keys: tuple[str, ...],
) -> None:
    """`q` quits from the menu; a key queued behind it opens a screen (setup, saved
    games, statistics, rules, puzzles) that the closing app no longer composes, yet
    mounts: its setting up found no widgets (`NoMatches`). The keys of such a screen
    behind it (the puzzles' `a` try again, asking for the player's name; the rules'
    PageUp, scrolling a text that is not there) failed too: input after the key that
    quit is not looked at."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await queued(pilot, "q", *keys)
    assert app.return_code == 0
