"""The rules screen opens in one rendering of its text and without laying itself out again
(issue 37): Textual measures a widget's height by rendering it and then renders it again
to draw it, lays a pushed screen out again at the same-size Resize it sends, and again
once a scroll bar shows."""

from __future__ import annotations

from typing import Any

import pytest
from rich.markdown import Markdown
from textual.screen import Screen

from app.tui.app import EquationDuelApp
from app.tui.rules_screen import RulesScreen
from rules.registry import GAME_IDS
from tests.app.tui_support import top

SIZE = (80, 24)


async def test_the_rules_are_rendered_once_and_laid_out_without_a_second_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rendered: list[int] = []
    render = Markdown.__rich_console__

    def counted(self: Markdown, console: Any, options: Any) -> Any:
        rendered.append(options.max_width)
        return render(self, console, options)

    laid_out: list[str] = []
    layout = Screen._refresh_layout

    def counted_layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        laid_out.append(type(self).__name__)
        layout(self, *args, **kwargs)

    monkeypatch.setattr(Markdown, "__rich_console__", counted)
    monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        for game_id in GAME_IDS[:2]:
            rendered.clear()
            laid_out.clear()
            app.push_screen(RulesScreen(game_id))
            await pilot.pause()
            await pilot.pause()
            assert isinstance(top(app), RulesScreen)
            assert len(rendered) == 1, game_id
            # The first layout, and the one Textual's own widgets ask once they have their
            # size (`virtual_size`): not a third for a scroll bar found, nor for the Resize.
            assert laid_out.count("RulesScreen") <= 2, laid_out
            await pilot.press("escape")
            await pilot.pause()
        # The same rules again: neither parsed nor rendered again.
        rendered.clear()
        app.push_screen(RulesScreen(GAME_IDS[0]))
        await pilot.pause()
        assert rendered == []


async def test_the_rules_scroll_has_the_keys_as_the_screen_opens() -> None:
    """Its text scrolls with the arrows and the page keys at once (the screen's first
    focusable widget, focused by Textual as the screen is composed)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(RulesScreen(GAME_IDS[0]))
        await pilot.pause()
        scroll = top(app).query_one("#rules-scroll")
        assert app.focused is scroll
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
