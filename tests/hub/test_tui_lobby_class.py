"""The full screen's lobby at 80x24 with a class of twelve (issue 38): every classmate
can be reached in its list, and a challenge whose challenger starts another game lapses
on the screen (its banner goes, the news says why), so a stale accept is never offered."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from app.hub.protocol import Accept, Challenge, GameReady
from app.tui.app import EquationDuelApp
from tests.hub.support import Client, running_hub
from tests.hub.test_tui_join import news
from tests.hub.test_tui_live import joined
from tests.hub.test_tui_lobby import SIZE, admitted, people, until

CLASS = ["Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]


async def test_a_class_of_twelve_and_a_challenge_that_lapses(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        classmates: list[Client] = [await admitted(hub, name) for name in CLASS]
        bo, cy = classmates[0], classmates[1]
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            await until(pilot, lambda: len(people(app)) == 12, "the class in the list")
            listed = lobby.query_one("#lobby-people", OptionList)
            listed.focus()
            await pilot.press("end")
            await pilot.pause()
            assert listed.highlighted == 11  # (Lu: the twelfth, reached by keys)
            assert listed.virtual_size.height <= listed.size.height  # (all twelve shown)
            await bo.send(Challenge(name="Ada", game="fifty"))
            await until(pilot, lambda: lobby.query_one("#lobby-asked").display, "asked")
            await cy.send(Challenge(name="Bo", game="fifty"))
            await bo.said_until("Cy challenges you to fifty")
            await bo.send(Accept())
            await bo.until(GameReady)
            await until(pilot, lambda: "Bo started a game" in news(lobby), "the lapse said")
            assert "Bo started a game: their challenge lapsed." in news(lobby)
            await until(pilot, lambda: not lobby.query_one("#lobby-asked").display, "hidden")
            assert hub.lobby.online["ada"].challenge is None
        for client in classmates:
            await client.close()
