"""The full screen's host setup: the host names their own seat, a person; the guest's
seat is named by the guest as they join, so its row is shown, not typed in (a name or a
computer level chosen there was passed over without a word)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from app.tui.app import EquationDuelApp
from app.tui.choices import Choices
from app.tui.online_hosting import HostWaitScreen, OnlineSetupScreen
from rules.registry import GAME_IDS


async def test_only_the_hosts_name_is_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(tmp_path))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", str(GAME_IDS.index("conquest") + 1))
        setup = app.screen
        assert isinstance(setup, OnlineSetupScreen)
        assert setup.query_one("#name-2", Input).disabled
        assert setup.query_one("#seat-1", Choices).disabled
        assert setup.query_one("#seat-2", Choices).disabled
        host_name = setup.query_one("#name-1", Input)
        assert not host_name.disabled
        host_name.value = "Hal"
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
        waiting = app.screen
        assert isinstance(waiting, HostWaitScreen)
        assert waiting.setup.names == ("Hal", "Guest")
        assert [seat.kind for seat in waiting.setup.seats] == ["human", "human"]
        reach = str(waiting.query_one("#online-reach", Static).render())
        assert reach == "Only this machine can join (listening on loopback)."  # (no --bind)
