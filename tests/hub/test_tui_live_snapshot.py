"""A live round open over the student's full-screen lobby (80x24): the puzzle on the game's
own board, its title and the countdown, the keys in the footer."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.pilot import Pilot

from app.hub.protocol_class import LiveRound
from app.online.codes import Address
from app.tui.app import EquationDuelApp
from app.tui.hub_lobby import HubLobbyScreen
from rules.puzzles.bank import puzzles_of
from tests.hub.test_tui_lobby import SIZE
from widgets.title_bar import TitleBar


class QuietClient:
    """A connection that sends nowhere and hears nothing: the snapshot's lobby."""

    address = Address("ABC234", "127.0.0.1", 8765)
    name = "Quiet"
    tls = None

    def __init__(self) -> None:
        self.sent: list[object] = []

    def send(self, message: object) -> None:
        self.sent.append(message)

    async def next(self, _seconds: float | None = None) -> None:
        await asyncio.Event().wait()

    async def messages(self) -> AsyncIterator[object]:
        await asyncio.Event().wait()
        yield

    async def close(self) -> None:
        pass


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records here: the snapshot is the same on both databases, taken once."""
    return "none"


def test_a_live_round_open_over_the_lobby(snap_compare: Any) -> None:
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=2, of=5, puzzle=json.dumps(puzzle.to_bank()), seconds=45, asked=5)

    async def run_before(pilot: Pilot[Any]) -> None:
        lobby = HubLobbyScreen(QuietClient(), "Ada")  # type: ignore[arg-type]
        await pilot.app.push_screen(lobby)
        lobby.live.clock = lambda: 1000.0
        lobby.heard(opened)
        for _ in range(4):  # (the board is drawn once its screen is laid out)
            await pilot.pause()

    assert snap_compare(EquationDuelApp(), terminal_size=SIZE, run_before=run_before)


async def test_the_title_bar_of_a_live_round_fits_80_columns() -> None:
    """The round's words stand apart from the game's name and are whole at 80 columns
    (they read "TemplatesLive round 2 of 5 · easy puzzle · template _ ÷ (_ −")."""
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=2, of=5, puzzle=json.dumps(puzzle.to_bank()), seconds=45, asked=5)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = HubLobbyScreen(QuietClient(), "Ada")  # type: ignore[arg-type]
        await pilot.app.push_screen(lobby)
        lobby.heard(opened)
        for _ in range(4):
            await pilot.pause()
        bar = app.screen.query_one("#title-bar", TitleBar)
        words = bar.title.plain + bar.variant_shown()
        assert "Templates Live round 2 of 5 · easy puzzle" in words
        assert len(words) <= SIZE[0] - 2
        drawn = "".join(segment.text for segment in bar.render_line(0))
        assert drawn.startswith(bar.title.plain) and drawn.endswith(bar.variant_shown())
