"""A real browser plays: headless Chromium (Debian's) opens `equation-duel serve`.

Marked `browser` (deselect with -m 'not browser'); when Playwright or Chromium cannot be
had the test fails, saying what to install, rather than skipping.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.store.storage import load_autosave
from app.store.unfinished import scan
from tests.web.page import Browser, BrowserMissing
from tests.web.support import Served

pytestmark = pytest.mark.browser


def open_browser() -> Browser:
    try:
        return Browser()
    except BrowserMissing as error:
        pytest.fail(f"the browser test needs a browser: {error}")


def test_a_browser_plays_conquest_by_keys_and_collect_by_a_click(
    serve: Callable[..., Served], tmp_path: Path
) -> None:
    server = serve("--max-sessions", "1")
    with open_browser() as browser, browser.tab(server.address, tmp_path / "page.png") as page:
        page.wait_for("E Q U A T I O N   D U E L", "Equation Conquest", "Quit")
        page.focus()
        page.press("4")
        page.wait_for("New game · Equation Conquest", "Start (Enter)")
        page.press("Enter")
        page.wait_for("Equation Duel · Equation Conquest", "Sequence")
        page.press("2")
        page.wait_for("1. Player 1 adds 2")
        page.press("3")
        page.wait_for("2. Player 2 adds 3")
        page.press("5")
        screen = page.wait_for("Game over", "Player 1 wins!", "2 + 3 = 5")
        assert "Player 2 wins" not in screen
        # Back to the menu, then a collect pick by a mouse click on the digit pool.
        page.press("m")
        page.wait_for("Five two-player arithmetic duels")
        page.press("1")
        page.wait_for("New game · Collect & Declare", "Start (Enter)")
        page.press("Enter")
        page.wait_for("Equation Duel · Collect & Declare", "pick a number")
        page.click_text("│ 7 │", offset=2)
        page.wait_for("Picked 7")
        page.press("Escape")  # no declaration: the turn ends
        page.wait_for("1. Player 1 picks 7")
    server.wait_apps(0)
    # Closing the tab mid-game kept the collect game for the next start, terminal or tab.
    [kept_file] = scan(tmp_path / "data").games
    kept = load_autosave(kept_file)
    assert kept is not None and kept.game == "collect"
    assert [move.move for move in kept.moves] == ["7"]
    # The finished game was recorded in the data folder the terminal app reads.
    stats = subprocess.run(
        [sys.executable, "-m", "app", "stats"],
        capture_output=True,
        text=True,
        env=dict(os.environ, EQUATION_DUEL_DATA=str(tmp_path / "data")),
        timeout=60,
        check=True,
    ).stdout
    assert "Games recorded: 1" in stats
    assert "Player 1 vs Player 2  conquest       1    1-0" in stats
