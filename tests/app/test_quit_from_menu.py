"""Quitting from the menu checks for a game in progress without importing the game
screen (and with it pydantic and the rules): no game screen was opened, so none is."""

from __future__ import annotations

import sys

import pytest

from app.tui.app import EquationDuelApp
from tests.app.tui_support import SIZE


async def test_ctrl_q_on_the_menu_quits_without_importing_the_game_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sys.modules, "app.tui.game_screen", raising=False)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.game_in_progress()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    assert "app.tui.game_screen" not in sys.modules
