"""Failures of Textual itself (textual 8.2.8), reduced to a minimal app with no code of
ours, each written up in docs/known-issues.md. They are expected to fail until Textual
is fixed (xfail, not strict: a Textual that no longer fails passes them); the app guards
against each (tests/app/test_tui_storms.py checks the guards, and the last test here
the guard against keys after the screens are down)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult, ScreenStackError
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import MountError
from textual.widgets import OptionList, Select
from textual.worker import WorkerFailed

# docs/known-issues.md, "Textual: PageUp/PageDown before an OptionList is laid out".
KNOWN_ISSUE = "Textual bug, docs/known-issues.md: OptionList page keys before layout"


class Listed(App[None]):
    """An option list asked to move a page before it has been laid out."""

    def compose(self) -> ComposeResult:
        yield OptionList("one", "two", "three")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.action_page_down()


@pytest.mark.xfail(raises=KeyError, strict=False, reason=KNOWN_ISSUE)
async def test_an_option_list_moves_a_page_before_it_is_laid_out() -> None:
    app = Listed()
    async with app.run_test() as pilot:
        await pilot.pause()
    assert app.query_one(OptionList).highlighted == 2


@pytest.mark.xfail(raises=KeyError, strict=False, reason=KNOWN_ISSUE)
async def test_the_command_palette_takes_page_up_at_once() -> None:
    """ctrl+p then PageUp, as a terminal delivers them when typed fast: the palette
    shows its list and handles PageUp before the list is laid out (nearly always: when
    the machine is slow to deliver the keys, the list may be laid out first)."""
    app: App[None] = App()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app._driver is not None
        for key in ("ctrl+p", "pageup"):  # both queued before the app handles either
            event = events.Key(key, None)
            event.set_sender(app)
            app._driver.send_message(event)
        await pilot.pause()
        assert CommandPalette.is_open(app)


# docs/known-issues.md, "Textual: a `Select` taken down while it mounts".
SELECT_ISSUE = "Textual bug, docs/known-issues.md: a Select taken down while it mounts"


class Choosing(Screen[None]):
    """A screen with one `Select` (the setup has five)."""

    def compose(self) -> ComposeResult:
        yield Select([("one", 1), ("two", 2)], allow_blank=False)


async def close_while_mounting(app: App[None], screen: Screen[None], turns: int) -> None:
    """Push `screen` and close `app` `turns` turns of the event loop later, while the
    screen's widgets are still mounting. The turns are counted, not timed: each step of
    the mount is one turn, so a few consecutive values close the app at each step (a
    `Select` whose parts are gone before its Mount is handled is among them)."""
    async with app.run_test():
        app.push_screen(screen)
        for _ in range(turns):
            await asyncio.sleep(0)  # one turn of the loop (a count, not a wait)


@pytest.mark.xfail(raises=NoMatches, strict=False, reason=SELECT_ISSUE)
async def test_a_select_whose_app_closes_while_it_mounts() -> None:
    for turns in range(4):
        await close_while_mounting(App(), Choosing(), turns)


# docs/known-issues.md, "Textual: keys handled after the app has taken its screens down".
STACK_ISSUE = "Textual bug, docs/known-issues.md: keys handled after the screens are down"


async def leave_with_keys_queued(app: App[Any]) -> None:
    """Queue two keys and leave `run_test` at once: the harness shuts the app down from
    outside its message loop, which still handles the keys, the second after `_close_all`
    has emptied the screen stack (the first is handled before, 5 times in 5)."""
    async with app.run_test():
        for _ in range(2):
            app.post_message(events.Key("x", None))


@pytest.mark.xfail(raises=ScreenStackError, strict=False, reason=STACK_ISSUE)
async def test_keys_queued_while_the_app_shuts_down() -> None:
    await leave_with_keys_queued(App())


async def test_the_app_ignores_a_key_handled_after_its_screens_are_down() -> None:
    """The guard (`EquationDuelApp.on_event`): input is not looked at once the app has
    been asked to exit or has stopped running. A key handled when the screens are down,
    as the second queued key above is, raises nothing (a bare `App` raises
    `ScreenStackError` here, and so did this app without the guard)."""
    from app.tui.app import EquationDuelApp

    app = EquationDuelApp()
    async with app.run_test():
        pass
    assert not app.screen_stack and not app.is_running
    await app.on_event(events.Key("x", None))


# docs/known-issues.md, "Textual: a command palette taken down while it mounts".
PALETTE_ISSUE = "Textual bug, docs/known-issues.md: a command palette taken down as it mounts"


@pytest.mark.xfail(raises=WorkerFailed, strict=False, reason=PALETTE_ISSUE)
async def test_a_command_palette_whose_app_closes_while_it_mounts() -> None:
    """The app closed 0 or 1 turns of the loop after the palette is pushed: its worker
    looks for its list, already removed (`NoMatches` inside `WorkerFailed`)."""
    for turns in range(4):
        app: App[None] = App()
        async with app.run_test():
            app.push_screen(CommandPalette())
            for _ in range(turns):
                await asyncio.sleep(0)


@pytest.mark.xfail(raises=KeyError, strict=False, reason=KNOWN_ISSUE)
async def test_an_option_list_with_no_width_moves_a_page() -> None:
    """Laid out, but two columns wide: the list has height and no width, so no lines."""
    app = App[None]()
    async with app.run_test(size=(2, 10)) as pilot:
        options = OptionList("one", "two", "three")
        options.styles.height = 5  # (an automatic height at this width fails otherwise)
        await app.mount(options)
        await pilot.pause()
        options.highlighted = 0
        options.action_page_down()


# docs/known-issues.md, "Textual: the keys panel asked for as the app exits".
HELP_ISSUE = "Textual bug, docs/known-issues.md: the keys panel asked for as the app exits"


@pytest.mark.xfail(raises=MountError, strict=False, reason=HELP_ISSUE)
async def test_the_keys_panel_asked_for_as_the_app_exits() -> None:
    app: App[None] = App()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.exit()  # (a quit handled first, as a key queued behind the palette's "Keys")
        app.action_show_help_panel()


@pytest.mark.xfail(raises=ScreenStackError, strict=False, reason=PALETTE_ISSUE)
async def test_a_command_palette_that_closes_after_it_left_the_screens() -> None:
    """Its command chosen as the app closes its screens: the palette dismisses itself
    after it has left the stack, and pops the last screen there is."""
    app: App[None] = App()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        app.pop_screen()
        await pilot.pause()
        palette.dismiss()
