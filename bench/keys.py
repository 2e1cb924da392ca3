"""A key press until the screen shows it, in every game, in a real terminal of 80×24.

    python bench/keys.py [--presses 50] [--game GAME ...] [--largest]

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

`--largest` plays each game with its largest options (`LARGEST`: template `_ ÷ (_ − _)`
with digits 0–9 twice, fifty 1–15 to 200, conquest with declarations, countdown to 1000).
Collect is left out there: with numbers past 9 a typed 1 waits for a second digit, which
these players' keys (a pick, then Esc) do not give. A key after which the screen does
not change within a second (fifty's 1 waiting for a second digit) is not timed.
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

#: Each game's largest options: for the app (in-process) and on the command line.
LARGEST: dict[str, tuple[dict[str, Any], list[str]]] = {
    "template": (
        {"template": "_ ÷ (_ − _)", "digits": (0, 9), "copies": 2},
        ["--template", "_ ÷ (_ − _)", "--digits", "0-9", "--copies", "2"],
    ),
    "fifty": ({"pool": (1, 15), "target": 200}, ["--pool", "1-15", "--target", "200"]),
    "conquest": ({"declare": True}, ["--declare"]),
    "countdown": ({"target": 1000}, ["--target", "1000"]),
}


async def game_keys(
    game: str, limit: int, options: dict[str, Any] | None = None
) -> list[list[str]]:
    """The keys of whole games of `game` (each game's last move left out; a game that
    lasts, cut at `limit` keys), at least `limit` timed keys in all."""
    from app.tui.app import EquationDuelApp
    from bench.redraw import conquest_keys, move_keys

    planned = conquest_keys(200)
    games: list[list[str]] = []
    while sum(len([k for k in g if k not in UNTIMED]) for g in games) < limit:
        app = EquationDuelApp(game, options)
        keys: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            while True:
                step = move_keys(game, screen, planned)
                for key in step:  # (a number past 9 is typed digit by digit)
                    await pilot.press(*(key if key.isdigit() else [key]))
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


def time_keys(
    game: str, games: list[list[str]], limit: int, env: dict[str, str], flags: list[str]
) -> list[float]:
    from bench.tui import Terminal, program

    found: list[float] = []
    for keys in games:
        term = Terminal(program(), ["play", game, *flags], env)
        try:
            term.wait_for("to move")
            for key in keys:
                term.drain()
                before = looks(term)
                sent = term.send(BYTES.get(key, key))
                try:
                    shown = term.wait_until(lambda t=term, b=before: looks(t) != b, 1.0)
                except TimeoutError:  # (a 1 that waits for a second digit shows nothing)
                    continue
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
    parser.add_argument("--largest", action="store_true", help="each game's largest options")
    args = parser.parse_args()
    tui.COLUMNS, tui.LINES = 80, 24
    data = Path(tempfile.mkdtemp(prefix="bench-keys-"))
    env = tui.child_env(data)
    env["EQUATION_DUEL_DATA"] = str(data)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for game in args.game or (list(LARGEST) if args.largest else GAME_IDS):
        options, flags = LARGEST[game] if args.largest else (None, [])
        games = asyncio.run(game_keys(game, args.presses, options))
        started = time.monotonic()
        found = time_keys(game, games, args.presses, env, flags)
        frames = sum(value <= 1 / 60 for value in found)
        print(
            f"{game:10s} {len(found)} keys: median {statistics.median(found) * 1000:5.1f} ms"
            f"  worst {max(found) * 1000:6.1f} ms  within a frame {frames}"
            f"  ({time.monotonic() - started:.0f} s)"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
