"""The setup screen refuses two players of one game sharing a name (RULINGS.md, "Names":
compared after cleaning, ignoring case)."""

from __future__ import annotations

from textual.widgets import Input

from app.tui.app import EquationDuelApp
from app.tui.setup import SetupScreen
from tests.app.tui_support import SIZE, top


async def test_two_players_may_not_share_a_name() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.pause()
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-1", Input).value = "Ann"
        setup.query_one("#name-2", Input).value = " ann "
        setup.action_start()
        await pilot.pause()
        assert top(app) is setup  # not started
        said = [n.message for n in app._notifications]
        assert any("two players may not share a name" in m for m in said), said
