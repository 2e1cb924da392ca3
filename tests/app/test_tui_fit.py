"""Every screen fits at 80×24: nothing is drawn past the right edge."""

from __future__ import annotations

import pytest

from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from rules.registry import GAME_IDS
from tests.app.tui_support import game_screen, top, winner_shown

SMALL = (80, 24)


def widest(screen: object) -> int:
    """The right edge of the rightmost widget shown on `screen`."""
    regions = [w.region for w in screen.query("*") if w.display and w.region.width]  # type: ignore[attr-defined]
    return max(region.right for region in regions)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_board_fits_at_80x24(game_id: str) -> None:
    app = EquationDuelApp(game_id)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert widest(game_screen(app)) <= SMALL[0]


async def test_the_countdown_analysis_fits_at_80x24() -> None:
    app = EquationDuelApp("countdown", moves=["+9", "+9", "+8"])
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("4")  # 26 + 4 = 30: Player 2 wins
        await winner_shown(pilot)
        await pilot.press("a")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = top(app)
        assert isinstance(screen, AnalysisScreen)
        pools = [screen.query_one(f"#position-pool-{p}") for p in (1, 2)]
        assert all(pool.region.right <= SMALL[0] for pool in pools)
        assert widest(screen) <= SMALL[0]
