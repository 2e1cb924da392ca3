"""Figures for `equation-duel serve` in a real browser (headless Debian chromium, Playwright).

    python bench/web.py [--runs 20]

Run from the repository root with the project's environment, the web extra and
Debian's chromium installed. It starts `equation-duel serve` on a free 127.0.0.1 port
with a temporary data folder and measures, each as the median (and worst) of --runs:

- open: from asking the browser to open the page to the menu drawn on it (the page, the
  websocket, the app process started for the tab, its first screen);
- key: in a conquest game, from a digit key pressed in the browser to the board showing
  that move (the key travels browser → server → app, the new screen back). Each press is
  checked in the page at every animation frame, so the figure includes up to one frame.

"Drawn" means the text is in the page's own terminal (see tests/web/page.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import quiet_sequence  # noqa: E402

from tests.web.page import READ_SCREEN, Browser, Page  # noqa: E402
from tests.web.support import Served  # noqa: E402

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
    for index, number in enumerate(quiet_sequence(runs), start=1):
        player = 1 if index % 2 else 2
        shown = f"{index}. P{player} {number}"
        start = time.perf_counter()
        page.press(str(number))
        wait_in_page(page, shown)
        times.append(time.perf_counter() - start)
    page.close()
    return times


def report(name: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(f"{name}: median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms ({len(ms)} runs)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Served(Path(folder) / "data", "--max-sessions", "1")
        try:
            with Browser() as browser:
                report("page opened to menu drawn", time_open(browser, server, args.runs))
                report("key pressed to board updated", time_keys(browser, server, args.runs))
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
