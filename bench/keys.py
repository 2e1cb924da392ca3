"""A key press until the screen shows it, in every game, in a real terminal of 80×24.

    python bench/keys.py [--presses 50] [--game GAME ...]

For each game the keys of whole games between two people are first worked out in-process
(bench/redraw.py's players: every key a player types, a move or a step of one), then sent
one at a time to `equation-duel play GAME` in a pseudo-terminal (bench/tui.py's harness,
TERM=xterm-256color), a fresh process per game, until `--presses` keys were timed. Each
key is sent once the screen has been still for 0.15 s, and timed until the first output
that changes the screen (its characters or their colours) has been read: one frame is
16.7 ms. Esc is sent but not timed (a terminal cannot tell a lone Esc from the start of a
longer key before a short wait, which Textual takes), nor is the move that ends a game
(its dialog). Medians and worst per game, with the load; run from the repository root
with the project's environment (`PYTHONPATH=DIR` measures the code in DIR).
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

#: What a key name sends down the terminal.
BYTES = {"minus": "-", "enter": "\r", "escape": "\x1b"}
UNTIMED = {"escape"}


async def game_keys(game: str, limit: int) -> list[list[str]]:
    """The keys of whole games of `game` (each game's last move left out; a game that
    lasts, cut at `limit` keys), at least `limit` timed keys in all."""
    from app.tui.app import EquationDuelApp
    from bench.redraw import conquest_keys, move_keys

    planned = conquest_keys(200)
    games: list[list[str]] = []
    while sum(len([k for k in g if k not in UNTIMED]) for g in games) < limit:
        app = EquationDuelApp(game)
        keys: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            while True:
                step = move_keys(game, screen, planned)
                for key in step:
                    await pilot.press(key)
                await pilot.pause()
                if screen.is_over:
                    break
                keys += step
                if len(keys) >= limit:
                    break
        games.append(keys)
    return games


def looks(term: Any) -> int:
    """The screen's characters and colours, hashed."""
    return hash(tuple(tuple(row.values()) for row in term.screen.buffer.values()))


def time_keys(game: str, games: list[list[str]], limit: int, env: dict[str, str]) -> list[float]:
    from bench.tui import Terminal, program

    found: list[float] = []
    for keys in games:
        term = Terminal(program(), ["play", game], env)
        try:
            term.wait_for("to move")
            for key in keys:
                term.drain()
                before = looks(term)
                sent = term.send(BYTES.get(key, key))
                shown = term.wait_until(lambda t=term, b=before: looks(t) != b)
                if key not in UNTIMED and len(found) < limit:
                    found.append(shown - sent)
        finally:
            term.finish("\x11y")
    return found


def main() -> None:
    import bench.tui as tui
    from rules.registry import GAME_IDS

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--presses", type=int, default=50)
    parser.add_argument("--game", choices=GAME_IDS, action="append")
    args = parser.parse_args()
    tui.COLUMNS, tui.LINES = 80, 24
    data = Path(tempfile.mkdtemp(prefix="bench-keys-"))
    env = tui.child_env(data)
    env["EQUATION_DUEL_DATA"] = str(data)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for game in args.game or GAME_IDS:
        games = asyncio.run(game_keys(game, args.presses))
        started = time.monotonic()
        found = time_keys(game, games, args.presses, env)
        frames = sum(value <= 1 / 60 for value in found)
        print(
            f"{game:10s} {len(found)} keys: median {statistics.median(found) * 1000:5.1f} ms"
            f"  worst {max(found) * 1000:6.1f} ms  within a frame {frames}"
            f"  ({time.monotonic() - started:.0f} s)"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
