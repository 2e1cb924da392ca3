"""Snapshots of the student's hub screens at 80×24: the join form with a refusal on its
status line, and the lobby (who is here and what they play, the class's news, a
challenge to answer), drawn from the hub's messages as they come. Regenerate with
`pytest tests/app/test_tui_hub_snapshots.py --snapshot-update` and look at the SVGs."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from app.hub.client import HubClient
from app.hub.protocol import Challenged, Here, Said, Watched
from app.online.codes import Address
from app.tui.app import EquationDuelApp
from app.tui.hub_join import HubJoinScreen
from app.tui.hub_lobby import HubLobbyScreen

SIZE = (80, 24)
PLACE = Address("k7m3qd", "192.168.1.20", 40213)


def test_snapshot_hub_join_form(snap_compare: Any) -> None:
    async def refused(pilot: Pilot[None]) -> None:
        form = HubJoinScreen(f"{PLACE.code}@{PLACE.host}:{PLACE.port}", "Ada")
        await pilot.app.push_screen(form)
        form.say("Cannot join: That is not this class's code.", "error")
        await pilot.pause()

    assert snap_compare(EquationDuelApp(), run_before=refused, terminal_size=SIZE)


def test_snapshot_hub_lobby(snap_compare: Any) -> None:
    async def lobby(pilot: Pilot[None]) -> None:
        screen = HubLobbyScreen(HubClient(PLACE, "Ada"), "Ada")  # (never connected)
        await pilot.app.push_screen(screen)
        for here in (
            Here(name="Ada"),
            Here(name="Bo"),
            Here(name="Cy", game=3, game_id="fifty", against="[b]Dee"),
            Here(name="[b]Dee", game=3, game_id="fifty", against="Cy"),
        ):
            screen.heard(here)
        screen.heard(Said(text="Watching Game 3: Cy vs [b]Dee, fifty: its moves come as played."))
        screen.heard(Watched(game=3, text="Cy (online): Play 7 × 6 = 42."))
        screen.heard(Challenged(name="Bo", text="Bo challenges you to countdown, best of 3."))
        await pilot.pause()

    assert snap_compare(EquationDuelApp(), run_before=lobby, terminal_size=SIZE)
