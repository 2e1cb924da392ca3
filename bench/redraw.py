"""What one key press costs the board, in-process with Pilot: counts that do not depend
on the machine's load, and the CPU time.

    python bench/redraw.py [--game GAME|both|all] [--presses 50]

Each press is a key a player types, and the screen shows what it did (a fresh game when
one ends): conquest, a number from a sequence that never forms an equation; countdown,
the mover's smallest number; collect, the smallest number left, then Esc (no
declaration; in sudden death Esc alone); template, the smallest digit left, placed in the slot under the cursor;
fifty, the two smallest numbers left, larger first, with − between them, then Enter.
`both` is conquest and countdown, `all` every game. Per press it counts the nodes Textual restyled (each class change restyles the node and
everything under it), the layout passes and the frames drawn, and the main thread's CPU
time for the whole press (every frame it causes); medians and worst. Run from the
repository root with the project's environment; `PYTHONPATH=DIR` measures the code in
DIR (e.g. an export of an older commit) with the same script.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

SIZE = (100, 30)


class Counts:
    """Textual's own work, counted by wrapping three of its methods (private hooks)."""

    def __init__(self) -> None:
        self.restyled = self.layouts = self.frames = 0

    def install(self) -> None:
        from textual.css.stylesheet import Stylesheet
        from textual.screen import Screen

        counts = self
        apply, layout, frame = Stylesheet.apply, Screen._refresh_layout, Screen._compositor_refresh

        def counted_apply(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts.restyled += 1
            return apply(self, *args, **kwargs)

        def counted_layout(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts.layouts += 1
            return layout(self, *args, **kwargs)

        def counted_frame(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts.frames += 1
            return frame(self, *args, **kwargs)

        Stylesheet.apply = counted_apply  # type: ignore[method-assign]
        Screen._refresh_layout = counted_layout  # type: ignore[method-assign]
        Screen._compositor_refresh = counted_frame  # type: ignore[method-assign]

    def now(self) -> tuple[int, int, int]:
        return self.restyled, self.layouts, self.frames


def conquest_keys(presses: int) -> list[str]:
    from bench.tui import quiet_sequence

    return [str(n) for n in quiet_sequence(presses)]


def move_keys(game: str, screen: Any, planned: list[str]) -> list[str]:
    """The keys of the next move (see the module's notes)."""
    state = screen.position
    if game == "conquest":
        return [planned[len(screen.moves) % len(planned)]]
    if game == "countdown":
        return [str(min(state.available_to(state.to_move)))]
    if game == "collect":  # (in sudden death, when the pool is empty: no declaration)
        return [str(state.pool[0]), "escape"] if state.pool else ["escape"]
    if game == "template":
        return [str(state.pool[0])]
    small, large = state.pool[0], state.pool[1]
    return [str(large), "minus", str(small), "enter"]


async def measure(game: str, presses: int, counts: Counts) -> dict[str, list[float]]:
    from app.tui.app import EquationDuelApp

    found: dict[str, list[float]] = {"restyled": [], "layouts": [], "frames": [], "cpu": []}
    planned = conquest_keys(presses)
    while len(found["cpu"]) < presses:
        app = EquationDuelApp(game)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            screen = app.screen
            while len(found["cpu"]) < presses and not screen.is_over:
                moves = len(screen.moves)
                keys = move_keys(game, screen, planned)
                for key in keys:
                    before, cpu = counts.now(), time.thread_time()
                    await pilot.press(key)
                    await pilot.pause()
                    spent = time.thread_time() - cpu
                    after = counts.now()
                    if screen.is_over:
                        break  # the last move draws the game's end: not a turn passing
                    for name, a, b in zip(
                        ("restyled", "layouts", "frames"), after, before, strict=True
                    ):
                        found[name].append(a - b)
                    found["cpu"].append(spent * 1000)
                if len(screen.moves) != moves + 1:
                    raise SystemExit(f"the keys {keys} played no move: {screen.moves}")
    return found


def report(game: str, found: dict[str, list[float]]) -> None:
    print(f"{game}: {len(found['cpu'])} presses")
    for name, unit in (("restyled", "nodes"), ("layouts", ""), ("frames", ""), ("cpu", "ms")):
        values = found[name]
        print(
            f"  {name:9s} median {statistics.median(values):6.1f} {unit:5s}"
            f" worst {max(values):6.1f} {unit:5s} mean {statistics.mean(values):6.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "--game",
        choices=("collect", "template", "fifty", "conquest", "countdown", "both", "all"),
        default="both",
    )
    parser.add_argument("--presses", type=int, default=50)
    args = parser.parse_args()
    os.environ["EQUATION_DUEL_DATA"] = tempfile.mkdtemp(prefix="bench-redraw-")
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    counts = Counts()
    counts.install()
    from rules.registry import GAME_IDS

    games = {"both": ("conquest", "countdown"), "all": GAME_IDS}.get(args.game, (args.game,))
    for game in games:
        report(game, asyncio.run(measure(game, args.presses, counts)))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
