"""Monochrome snapshots (NO_COLOR) of each game in the middle of a move: every state the
screen shows in colour is shown another way too, and these show it in grey alone.

What to look for in each SVG (tests/app/__snapshots__/test_tui_monochrome/):
- whose turn: the turn banner says it in words, and the mover's panel has a heavy frame
  where the other's is rounded;
- a player's numbers: listed under the player's name (collect, countdown), or in their
  own named template (templates);
- used numbers: marked in the pool (a mark and a dim, struck key), not only recoloured;
- the hint and a refusal: in words on the status line (a hinted key also gets a heavy
  frame).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from app.tui.app import EquationDuelApp
from tests.app.test_tui_snapshots import MID_GAME, SIZE

#: One position of each game, as the colour snapshots have them.
GAMES = ("collect", "template", "fifty", "conquest", "countdown")


@pytest.mark.soak  # about a second of CPU each: run with -m soak (the default run's budget)
@pytest.mark.parametrize("name", GAMES)
def test_snapshot_monochrome(snap_compare: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    options, keys = MID_GAME[name]
    app = EquationDuelApp(name, options, names=("Ann", "Bob"))
    assert app.no_color

    async def hinted(pilot: Pilot[Any]) -> None:
        for key in (*keys, "h"):
            await pilot.press(key)
        await pilot.app.workers.wait_for_complete()  # the hint's search has answered
        await pilot.pause()

    assert snap_compare(app, run_before=hinted, terminal_size=SIZE)
