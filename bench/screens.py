"""CPU time to open each screen of the full-screen app, in-process with Pilot.

    python bench/screens.py [--runs N]

For each game: from the menu to its setup screen (the game's number key), from the setup
to the game (Enter), from the game to its rules (F1) and back (Escape). Each step is the
process's CPU time from the key until the app is idle again (Pilot's own wait), so it
counts the work of composing, styling, laying out and drawing the screen, not sleeping.
Medians over `--runs` fresh apps (the first app of the run, which imports and warms
caches, is left out); run from the repository root with the project's environment.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STEPS = ("setup", "game", "rules", "back")


async def one_app(menu_key: str) -> dict[str, float]:
    from app.tui.app import EquationDuelApp

    app = EquationDuelApp()
    spent: dict[str, float] = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for step, key in zip(STEPS, (menu_key, "enter", "f1", "escape"), strict=True):
            start = time.process_time()
            await pilot.press(key)
            await pilot.pause()
            spent[step] = time.process_time() - start
    return spent


async def bench(runs: int) -> None:
    from rules.registry import GAME_IDS

    await one_app("1")  # imports and first-use caches, not counted
    print(f"CPU ms per step, median of {runs} apps each: " + ", ".join(STEPS))
    for number, game_id in enumerate(GAME_IDS, start=1):
        samples = [await one_app(str(number)) for _ in range(runs)]
        medians = [statistics.median(sample[step] for sample in samples) for step in STEPS]
        print(f"{game_id:10}" + "".join(f"{value * 1000:8.0f}" for value in medians))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=9, help="apps per game")
    args = parser.parse_args()
    os.environ["EQUATION_DUEL_DATA"] = tempfile.mkdtemp(prefix="bench-screens-")
    asyncio.run(bench(args.runs))


if __name__ == "__main__":
    main()
