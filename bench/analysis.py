"""How long the analysis screen takes to show its first judged moves, and the whole.

    python bench/analysis.py [--runs 5] [--case NAME] [--read SECONDS]

Each case is a whole game of seeded random moves (fifty 1–13 to 200, countdown to 1000,
conquest) between two people, played on the game screen in a fresh process (in-process
with Pilot at 100×30); the game over dialog is read for `--read` seconds (default 1),
then the analysis is opened from it, as a player does. Timed by the wall clock from the
analysis screen's push until it shows the first judged moves ("Analysing… k of n moves
judged"), and until the whole analysis is in; then a second analysis screen of the same
game in the same process ("again"). Medians over `--runs` processes, with the load
printed; run from the repository root with the project's environment (`PYTHONPATH=DIR`
measures the code in DIR).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

CASES: dict[str, tuple[str, dict[str, object]]] = {
    "fifty 1–13 target 200": ("fifty", {"pool": (1, 13), "target": 200}),
    "countdown target 1000": ("countdown", {"target": 1000}),
    "conquest": ("conquest", {}),
}
#: Seconds a screen may take before the run gives up on it.
LIMIT = 120.0


def random_game(game_id: str, options: dict[str, object], seed: int = 3) -> list[str]:
    """A whole game of seeded random legal moves, in notation."""
    from rules.registry import get_game

    game = get_game(game_id)
    state = game.new(game.options_from(options))
    rng = random.Random(seed)
    moves: list[str] = []
    while not game.is_over(state):
        move = rng.choice(list(game.legal_moves(state)))
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return moves


async def time_screen(
    game_id: str, options: dict[str, object], moves: list[str], read: float
) -> list[float]:
    """[first judged moves shown, whole analysis shown] in seconds after the push, for
    the analysis opened from the game over dialog and then once again."""
    from app.tui.analysis_screen import AnalysisScreen
    from app.tui.app import EquationDuelApp

    found: list[float] = []
    app = EquationDuelApp(game_id, options, moves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.screen_stack[1]
        await asyncio.sleep(read)  # (the player reads the game over dialog)
        for _ in range(2):
            start = time.perf_counter()
            game._analysis()  # the dialog's "Analysis" (it stays under the screen)
            screen = app.screen
            assert isinstance(screen, AnalysisScreen), screen
            found += await _watch(screen, start)
            await pilot.press("escape")
            await pilot.pause()
    return found


async def _watch(screen: Any, start: float) -> list[float]:
    from textual.widgets import Static

    first = None
    while time.perf_counter() - start < LIMIT:
        await asyncio.sleep(0.005)  # (a bench: polls the screen, as a player reads it)
        if not screen.is_mounted:
            continue
        text = str(screen.query_one("#analysis-summary", Static).render())
        if first is None and "judged" in text:
            first = time.perf_counter() - start
        if screen.analysis is not None or screen.failure is not None:
            whole = time.perf_counter() - start
            return [whole if first is None else first, whole]
    return [LIMIT, LIMIT]


def one(case: str, read: float) -> None:
    game_id, options = CASES[case]
    moves = random_game(game_id, options)
    found = asyncio.run(time_screen(game_id, options, moves, read))
    print(json.dumps({"moves": len(moves), "times": found}))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--case", choices=list(CASES), action="append")
    parser.add_argument("--read", type=float, default=1.0)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args.one, args.read)
        return
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    env = dict(os.environ, EQUATION_DUEL_DATA=tempfile.mkdtemp(prefix="bench-analysis-"))
    for case in args.case or list(CASES):
        runs = []
        for _ in range(args.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--one", case, "--read", str(args.read)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        times = [run["times"] for run in runs]
        print(f"{case} ({runs[0]['moves']} moves), medians of {args.runs} processes:")
        for index, name in enumerate(
            ("first lines", "whole", "first lines, again", "whole, again")
        ):
            values = [t[index] for t in times]
            print(
                f"  {name:18s} {statistics.median(values) * 1000:7.0f} ms"
                f"   (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})"
            )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
