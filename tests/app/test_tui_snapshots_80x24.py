"""Snapshots at 80×24, the smallest screen the game is made for: nothing cut off.

The collect board mid-declaration shows the declaration box's title whole, the move list
wrapped between an equation's words, never inside it, and the status line likewise; before
a pick the box is in the same place, waiting (its line muted, the player's numbers shown);
the analysis board wraps its pool onto two rows (9 keys do not fit beside the moves).
Regenerate with `pytest tests/app/test_tui_snapshots_80x24.py --snapshot-update` and look
at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp

SIZE = (80, 24)
NAMES = ("Ann", "Bob")


def test_snapshot_collect_declaring_at_80x24(snap_compare: Any) -> None:
    picks = ("1", "escape", "5", "escape", "3", "escape", "9", "escape", "2", "escape")
    failed = ("6", "escape", "4", "1", "plus", "2", "equals_sign", "4", "enter", "y")
    keys = (*picks, *failed, "7", "9", "minus")  # Bob picks 7 and starts "9 −"
    app = EquationDuelApp("collect", names=NAMES)
    assert snap_compare(app, press=list(keys), terminal_size=SIZE)


def test_snapshot_collect_waiting_at_80x24(snap_compare: Any) -> None:
    keys = ("5", "escape", "2", "escape", "3", "escape")  # Bob to pick; he holds 2
    app = EquationDuelApp("collect", names=NAMES)
    assert snap_compare(app, press=list(keys), terminal_size=SIZE)


def test_snapshot_analysis_pool_at_80x24(snap_compare: Any) -> None:
    async def analysed(pilot: Pilot[None]) -> None:
        moves = ["5", "9", "3", "8", "2", "1:9-8=1"]
        pilot.app.push_screen(AnalysisScreen("collect", None, moves, NAMES))
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    app = EquationDuelApp()
    assert snap_compare(app, run_before=analysed, terminal_size=SIZE)
