"""The full-screen watch view (`class watch`) has no accept key: a classmate's challenge
to it is declined at once and said in words, never "type accept or decline" on a screen
where nothing can be typed, and the challenger is told and free to challenge another."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from app.hub.protocol import Admitted, Challenge
from app.online.codes import Address
from app.tui.hub_watch import HubWatchApp
from tests.hub.support import Client, running_hub, until


def _said(app: HubWatchApp) -> str:
    """The line the view shows the hub's words on (the grid's, or one game's board's)."""
    where = "#watch-status" if app.board is None else "#watch-said"
    return str(app.screen.query_one(where, Static).render())


@pytest.mark.parametrize("target", ["*", "Ada"])
async def test_a_challenge_to_the_watch_view_is_declined_in_words(
    tmp_path: Path, target: str
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Cy"):
            hub.admit(name)
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.until(Admitted), Admitted)
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Cy", target=target)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: "cy" in hub.lobby.online, "Cy in the lobby")
                await until(lambda: hub.lobby.following.followers, "Cy following")
                await ada.send(Challenge(name="Cy", game="fifty"))
                await ada.said_until("Cy declined your challenge.")
                shown = "Ada challenged this view, which only watches: declined."
                await until(lambda: shown in _said(app), "the decline said")
                await pilot.pause(0.2)  # (the hub's "You declined" is not shown over it)
                assert shown in _said(app)
                assert "accept" not in _said(app)
        finally:
            await ada.close()
