"""A tab of `equation-duel serve` joins a plain host (a real process on 127.0.0.1) in a
real browser (headless Chromium, as tests/web/test_browser.py) and plays a move; the host
sees it. In the browser set (`-m browser`): a missing browser fails, saying so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.online.procs import host
from tests.web.support import Served
from tests.web.test_browser import open_browser

pytestmark = pytest.mark.browser


def test_a_served_tab_joins_a_plain_host_and_plays_a_move(
    serve: Callable[..., Served], tmp_path: Path
) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    server = serve("--max-sessions", "1")
    try:
        with open_browser() as browser, browser.tab(server.address, tmp_path / "page.png") as page:
            page.wait_for("E Q U A T I O N   D U E L", "Quit")
            page.focus()
            page.press("o")
            page.press("j")
            page.wait_for("Join a friend's game")
            page.page.keyboard.type(place)  # the tab's app connects from the server
            page.press("Enter")
            hosting.wait_for("Guest joined.")
            page.wait_for("Equation Duel · Exactly Fifty", "Guest")
            hosting.write("3\n4\n+\n")
            page.wait_for("3 + 4 = 7")
            for key in ("1", "+", "2"):
                page.press(key)
            page.wait_for("1 + 2 = 3  → score 3")
            page.press("Enter")
            assert "Play 1 + 2 = 3" in hosting.wait_for("Guest (online):")
            page.wait_for("1 + 2 = 3")
        server.wait_apps(0)
    finally:
        hosting.stop()
    # Leaving the tab kept the unfinished game on both sides.
    hosting_said = hosting.output()
    assert "Guest left" in hosting_said or "Guest is away" in hosting_said, hosting_said
