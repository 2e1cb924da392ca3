"""A key press until the screen shows it, in every game, in a real terminal of 80×24.

    python bench/keys.py [--presses 40] [--game GAME ...] [--in-process]

The keys of whole games between two people (`harness.move_keys`) are worked out with
Pilot, then sent one at a time to `equation-duel play GAME` in a pseudo-terminal, each
once the screen has been still for 0.15 s, and timed until the first output that changes
the screen's characters or colours (a frame is 16.7 ms). Esc and a game's last move are
not timed. `--in-process`: the same keys with Pilot (100×30), counting per press what the
load does not move: nodes restyled, layout passes, frames (three of Textual's private
methods wrapped), and the interface thread's CPU time.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import harness as h

#: What a key name sends down the terminal.
BYTES = {"minus": "-", "enter": "\r", "escape": "\x1b"}
UNTIMED = {"escape"}


async def game_keys(game: str, limit: int) -> list[list[str]]:
    """The keys of whole games of `game` (each game's last move left out; a game that
    lasts, cut at `limit` keys), at least `limit` timed keys in all."""
    from app.tui.app import EquationDuelApp

    planned = [str(n) for n in h.quiet_sequence(200)]
    games: list[list[str]] = []
    while sum(len([k for k in g if k not in UNTIMED]) for g in games) < limit:
        app = EquationDuelApp(game)
        keys: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            while len(keys) < limit:
                step = h.move_keys(game, screen, planned)
                for key in step:  # (a number past 9 is typed digit by digit)
                    await pilot.press(*(key if key.isdigit() else [key]))
                await pilot.pause()
                if screen.is_over:
                    break
                keys += step
        games.append(keys)
    return games


def time_keys(game: str, games: list[list[str]], limit: int) -> list[float]:
    found: list[float] = []
    for keys in games:
        term = h.Terminal(h.program(), ["play", game], h.child_env())
        try:
            term.wait_for("to move")
            for key in keys:
                term.drain()
                before = term.looks()
                sent = term.send(BYTES.get(key, key))
                try:
                    shown = term.wait_until(lambda t=term, b=before: t.looks() != b, 1.0)
                except TimeoutError:  # (a 1 that waits for a second digit shows nothing)
                    continue
                if key not in UNTIMED and len(found) < limit:
                    found.append(shown - sent)
        finally:
            term.finish(h.QUIT)
    return found


class Counts:
    """Textual's own work, counted by wrapping three of its methods (private hooks)."""

    def __init__(self) -> None:
        from textual.css.stylesheet import Stylesheet
        from textual.screen import Screen

        self.found = {"restyled": 0, "layouts": 0, "frames": 0}
        for owner, name, what in (
            (Stylesheet, "apply", "restyled"),
            (Screen, "_refresh_layout", "layouts"),
            (Screen, "_compositor_refresh", "frames"),
        ):
            setattr(owner, name, self._counted(getattr(owner, name), what))

    def _counted(self, method: Any, what: str) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.found[what] += 1
            return method(*args, **kwargs)

        return counted


async def in_process(game: str, presses: int, counts: Counts) -> dict[str, list[float]]:
    from app.tui.app import EquationDuelApp

    found: dict[str, list[float]] = {"restyled": [], "layouts": [], "frames": [], "cpu ms": []}
    planned = [str(n) for n in h.quiet_sequence(presses)]
    while len(found["cpu ms"]) < presses:
        app = EquationDuelApp(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            screen = app.screen
            while len(found["cpu ms"]) < presses and not screen.is_over:
                for key in h.move_keys(game, screen, planned):
                    before, cpu = dict(counts.found), time.thread_time()
                    await pilot.press(key)
                    await pilot.pause()
                    spent = time.thread_time() - cpu
                    if screen.is_over:
                        break  # the last move draws the game's end: not a turn passing
                    for name, count in counts.found.items():
                        found[name].append(count - before[name])
                    found["cpu ms"].append(spent * 1000)
    return found


def main() -> None:
    from rules.registry import GAME_IDS

    parser = h.arguments(__doc__)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--game", choices=GAME_IDS, action="append")
    parser.add_argument("--in-process", action="store_true", help="counts with Pilot")
    args = parser.parse_args()
    h.load("at the start")
    counts = Counts() if args.in_process else None
    for game in args.game or GAME_IDS:
        if counts is not None:
            found = asyncio.run(in_process(game, args.presses, counts))
            print(f"{game}: {len(found['cpu ms'])} presses, median (worst)")
            for name, values in found.items():
                print(f"  {name:9s} {statistics.median(values):6.1f} ({max(values):6.1f})")
            continue
        times = time_keys(game, asyncio.run(game_keys(game, args.presses)), args.presses)
        frames = sum(value <= 1 / 60 for value in times)
        print(
            f"{game:10s} {len(times)} keys: {h.spread(times)}, within a frame {frames}", flush=True
        )
    h.load("at the end")


if __name__ == "__main__":
    main()
