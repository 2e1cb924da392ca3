"""The garbage collector's full passes inside key presses, in-process with Pilot.

    python bench/gc_pauses.py [--presses 40] [--game GAME ...] [--settled]

Plays each game with bench/redraw.py's keys (80×24, headless) and times every press but
the one that ends a game
(the interface thread's CPU) and every garbage collection inside it (`gc.callbacks`).
Prints per game the median press, the slowest presses with the full passes (generation
2) in them, and the number and the longest of the full passes. `--settled` sets what
start-up made aside first, as the app does once its menu or first game is drawn
(`app.tui.preload.settle`; a headless app, as in tests, does not do it itself).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

#: (generation, ms) of each collection since the list was last cleared.
COLLECTIONS: list[tuple[int, float]] = []
_started = [0.0]


def _noted(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started[0] = time.perf_counter()
    else:
        COLLECTIONS.append((info["generation"], (time.perf_counter() - _started[0]) * 1000))


async def measure(game: str, presses: int, settled: bool) -> list[tuple[float, list[float]]]:
    """(CPU ms, full passes' ms) of each press."""
    from app.tui.app import EquationDuelApp
    from bench.redraw import conquest_keys, move_keys

    planned = conquest_keys(presses)
    found: list[tuple[float, list[float]]] = []
    while len(found) < presses:
        app = EquationDuelApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            if settled:
                gc.freeze()  # (what app.tui.preload.settle does)
            screen = app.screen
            while len(found) < presses and not screen.is_over:
                for key in move_keys(game, screen, planned):
                    COLLECTIONS.clear()
                    cpu = time.thread_time()
                    await pilot.press(key)
                    await pilot.pause()
                    spent = (time.thread_time() - cpu) * 1000
                    if screen.is_over:
                        break  # the last move opens the game over dialog: not a turn passing
                    found.append((spent, [ms for gen, ms in COLLECTIONS if gen == 2]))
        gc.unfreeze()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--game", action="append")
    parser.add_argument("--settled", action="store_true")
    args = parser.parse_args()
    os.environ["EQUATION_DUEL_DATA"] = tempfile.mkdtemp(prefix="bench-gc-")
    from rules.registry import GAME_IDS

    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    gc.callbacks.append(_noted)
    for game in args.game or GAME_IDS:
        found = asyncio.run(measure(game, args.presses, args.settled))
        full = [ms for _, passes in found for ms in passes]
        slowest = sorted(found, reverse=True)[:3]
        print(
            f"{game:10s} {len(found)} presses: median {statistics.median(c for c, _ in found):5.1f} ms;"
            f" full passes {len(full)}, longest {max(full, default=0):5.1f} ms; slowest presses "
            + ", ".join(
                f"{c:.0f} ms ({'+'.join(f'{p:.0f}' for p in passes) or 'no'} full)"
                for c, passes in slowest
            )
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
