"""Failures of Textual itself (textual 8.2.8), reduced to a minimal app with no code of
ours, each written up in docs/known-issues.md. They are expected to fail until Textual
is fixed (xfail, not strict: a Textual that no longer fails passes them); the app guards
against each (tests/app/test_tui_storms.py checks the guard)."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.widgets import OptionList

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
