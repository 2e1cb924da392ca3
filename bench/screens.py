"""CPU time to open each screen of the full-screen app, in-process with Pilot.

    python bench/screens.py [--runs N]
    python bench/screens.py --pty [--runs N]

For each game: from the menu to its setup screen (the game's number key), from the setup
to the game (Enter), from the game to its rules (F1) and back (Escape). Each step is the
process's CPU time from the key until the app is idle again (Pilot's own wait), so it
counts the work of composing, styling, laying out and drawing the screen, not sleeping.
Medians over `--runs` fresh apps (the first app of the run, which imports and warms
caches, is left out); run from the repository root with the project's environment.

With `--pty`, the installed `equation-duel` in a real pseudo-terminal (bench/tui.py's
harness), as a player meets it: the menu drawn, a second to read it, then the wall time
from the key until the screen shows the conquest setup ("New game · Equation
Conquest"), from Enter until the game screen shows its board, from Enter on the puzzles menu until the first
puzzle's board shows, and from ctrl+q on a fresh
menu until the process has exited, next to a bare Textual app's ctrl+q; medians over
`--runs` launches, with the load printed.
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


def pty_once(env: dict[str, str]) -> dict[str, float]:
    from bench.tui import MENU_TEXTS, Terminal, program

    # A data folder of its own: the game quit half-way is kept, and would be offered to
    # the next launch.
    env = dict(env, EQUATION_DUEL_DATA=tempfile.mkdtemp(prefix="bench-screens-"))
    term = Terminal(program(), [], env)
    try:
        term.wait_for(*MENU_TEXTS)
        term.drain(quiet=1.0, limit=1.0)  # the player reads the menu
        sent = term.send("4")
        setup = term.wait_for("New game · Equation Conquest") - sent
        term.drain()
        sent = term.send("\r")
        game = term.wait_for("no numbers appended yet") - sent
    finally:
        term.finish("\x11y")
    return {"menu → setup": setup, "setup → game": game}


def puzzle_once(env: dict[str, str]) -> float:
    """The installed app in a pty: the menu drawn, a second to read it, `p`, the puzzles
    menu drawn, a second to choose, then the wall time from Enter until the first
    puzzle's board is on the screen."""
    from bench.tui import MENU_TEXTS, Terminal, program

    env = dict(env, EQUATION_DUEL_DATA=tempfile.mkdtemp(prefix="bench-screens-"))
    term = Terminal(program(), [], env)
    try:
        term.wait_for(*MENU_TEXTS)
        term.drain(quiet=1.0, limit=1.0)
        term.send("p")
        term.wait_for("Puzzles · find the winning move")
        term.drain(quiet=1.0, limit=1.0)
        sent = term.send("\r")
        return term.wait_for("Next puzzle") - sent
    finally:
        term.finish("\x11y")


def quit_once(command: str, args: list[str], texts: tuple[str, ...], env: dict[str, str]) -> float:
    from bench.tui import Terminal

    term = Terminal(command, args, env)
    try:
        term.wait_for(*texts)
        term.drain(quiet=0.3, limit=1.0)
        sent = term.send("\x11")
        end = time.monotonic() + 15
        while not term.eof and time.monotonic() < end:
            term.read(0.01)
        while term.child.isalive() and time.monotonic() < end:
            time.sleep(0.002)
        return time.perf_counter() - sent
    finally:
        term.finish()


def bench_pty(runs: int) -> None:
    from bench.tui import BARE_APP, BARE_TEXTS, MENU_TEXTS, child_env, program

    data = Path(tempfile.mkdtemp(prefix="bench-screens-"))
    env = child_env(data)
    bare = data / "bare_app.py"
    bare.write_text(BARE_APP)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    pty_once(env)  # warm the disk cache and bytecode
    found: dict[str, list[float]] = {}
    for _ in range(runs):
        for name, value in pty_once(env).items():
            found.setdefault(name, []).append(value)
        found.setdefault("puzzles menu → first puzzle", []).append(puzzle_once(env))
        found.setdefault("ctrl+q on the menu", []).append(quit_once(program(), [], MENU_TEXTS, env))
        found.setdefault("ctrl+q, bare Textual app", []).append(
            quit_once(sys.executable, [str(bare)], BARE_TEXTS, env)
        )
    for name, values in found.items():
        print(
            f"  {name:26s} median {statistics.median(values) * 1000:6.0f} ms"
            f"   min {min(values) * 1000:6.0f}   max {max(values) * 1000:6.0f}"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=9, help="apps per game")
    parser.add_argument("--pty", action="store_true", help="in a real terminal, wall time")
    args = parser.parse_args()
    if args.pty:
        bench_pty(args.runs)
        return
    os.environ["EQUATION_DUEL_DATA"] = tempfile.mkdtemp(prefix="bench-screens-")
    asyncio.run(bench(args.runs))


if __name__ == "__main__":
    main()
