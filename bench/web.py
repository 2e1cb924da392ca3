"""`equation-duel serve` in headless Debian chromium (Playwright), on a free 127.0.0.1 port
with a temporary data folder (docs/web.md): from opening the page to the menu drawn (the
page, the websocket, the tab's app process, its first screen), and in a conquest game from
a digit pressed to the board showing it (checked at every animation frame).

    python bench/web.py [--runs 20]      (needs the web extra and Debian's chromium)
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import harness as h

from tests.web.page import READ_SCREEN, Browser, Page
from tests.web.support import Served

MENU = "Countdown Duel"


def wait_in_page(page: Page, text: str) -> None:
    page.page.wait_for_function(
        f"(text) => ({READ_SCREEN})().includes(text)", arg=text, polling="raf", timeout=30_000
    )


def time_open(browser: Browser, server: Served, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        page = browser.open(server.address)
        wait_in_page(page, MENU)
        times.append(time.perf_counter() - start)
        page.close()
        server.wait_apps(0)
    return times


def time_keys(browser: Browser, server: Served, runs: int) -> list[float]:
    page = browser.open(server.address)
    page.wait_for(MENU)
    page.focus()
    page.press("4")
    page.wait_for("Start (Enter)")
    page.press("Enter")
    page.wait_for("Equation Duel · Equation Conquest", "Sequence")
    times = []
    for index, number in enumerate(h.quiet_sequence(runs), start=1):
        player = 1 if index % 2 else 2
        shown = f"{index}. Player {player} adds {number}"
        start = time.perf_counter()
        page.press(str(number))
        wait_in_page(page, shown)
        times.append(time.perf_counter() - start)
    page.close()
    return times


def main() -> None:
    args = h.arguments(__doc__, runs=20).parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Served(Path(folder) / "data", "--max-sessions", "1")
        try:
            with Browser() as browser:
                opened = time_open(browser, server, args.runs)
                print(f"page opened to menu drawn: {h.spread(opened, 0)} ({args.runs} runs)")
                pressed = time_keys(browser, server, args.runs)
                print(f"key pressed to board updated: {h.spread(pressed, 0)} ({args.runs} runs)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
