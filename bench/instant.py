"""Issue 28's table ("Instant"): what a player waits for, this code against other code.

    python bench/instant.py [--runs N] [--vs DIR] [--presses N]

Each row is measured in a real pseudo-terminal (bench/tui.py's harness) as a player
meets it, `--runs` times, and the median printed (the key press: `--presses` digits in
one conquest game, median and worst). With `--vs DIR` every measurement is taken in
turn with this code and with the code in DIR (an export of another commit, e.g.
`git archive main | tar -x -C DIR`, given to the app as PYTHONPATH), so both see the same
load; the load average is printed before and after. The table is Markdown, for
docs/performance.md. The browser page has its own script (bench/web.py, needs
chromium), the analysis its own (bench/redraw.py counts what a key press redraws).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

#: The template opening as the app asks it: the perfect move from the start, in a fresh
#: process (the code under test), its CPU time in ms printed.
OPENING = """
import time
from rules.players import make_player
from rules.template import GAME
options = GAME.options_from({"template": "_ ÷ (_ − _)", "digits": (0, 9), "copies": 2})
start = time.process_time()
make_player("perfect", "template", seed=1)(GAME.new(options))
print((time.process_time() - start) * 1000)
"""


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms"


def rows(env: dict[str, str], bare: Path, presses: int) -> dict[str, Callable[[], float]]:
    from bench import first_move, screens
    from bench.tui import BARE_TEXTS, MENU_TEXTS, launch_once, program

    def opening() -> float:
        out = subprocess.run(
            [sys.executable, "-c", OPENING], env=env, capture_output=True, text=True, check=True
        )
        return float(out.stdout.strip()) / 1000

    def ratio(mine: Callable[[], float], theirs: Callable[[], float]) -> Callable[[], float]:
        return lambda: mine() / theirs()

    return {
        "menu → setup screen": lambda: screens.pty_once(env)["menu → setup"],
        "setup → game screen": lambda: screens.pty_once(env)["setup → game"],
        "puzzles menu → first puzzle": lambda: screens.puzzle_once(env),
        "computer's first move after the board, conquest": lambda: first_move.once(
            first_move.CASES["conquest"], env
        ),
        "same, countdown target 1000": lambda: first_move.once(
            first_move.CASES["countdown target 1000"], env
        ),
        "same, template _ ÷ (_ − _) 0–9 twice": lambda: first_move.once(
            first_move.CASES["template _ ÷ (_ − _) 0-9 twice"], env
        ),
        "that template's opening, CPU in a fresh process": opening,
        "ctrl+q on the menu": lambda: screens.quit_once(program(), [], MENU_TEXTS, env),
        "ctrl+q on the menu ÷ bare Textual app's (ratio)": ratio(
            lambda: screens.quit_once(program(), [], MENU_TEXTS, env),
            lambda: screens.quit_once(sys.executable, [str(bare)], BARE_TEXTS, env),
        ),
        "launch to menu ÷ bare Textual app's (ratio)": ratio(
            lambda: launch_once(program(), [], MENU_TEXTS, env),
            lambda: launch_once(sys.executable, [str(bare)], BARE_TEXTS, env),
        ),
    }


def main() -> None:
    from bench.tui import BARE_APP, bench_keys_pty, child_env

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=30)
    parser.add_argument("--vs", default="", help="a folder of other code, measured in turn")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="bench-instant-"))
    bare = data / "bare_app.py"
    bare.write_text(BARE_APP)
    envs = {"this code": child_env(data)}
    if args.vs:
        envs[args.vs] = dict(envs["this code"], PYTHONPATH=args.vs)
    load = os.getloadavg()[0]
    measures = {label: rows(env, bare, args.presses) for label, env in envs.items()}
    found: dict[str, dict[str, list[float]]] = {label: {} for label in envs}
    for _ in range(args.runs):
        for label in envs:
            for name, measure in measures[label].items():
                found[label].setdefault(name, []).append(measure())
    keys = {label: bench_keys_pty(args.presses, env) for label, env in envs.items()}
    print(f"\nload average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print(f"medians of {args.runs} runs each, interleaved\n")
    print("| what the player does | " + " | ".join(envs) + " |")
    print("|---|" + "---|" * len(envs))
    line = " | ".join(
        f"{ms(keys[label]['median'])} (worst {ms(keys[label]['worst'])})" for label in envs
    )
    print(f"| a key press until the board shows it, conquest | {line} |")
    for name in measures["this code"]:
        cells = []
        for label in envs:
            value = statistics.median(found[label][name])
            cells.append(f"{value:.2f}" if "ratio" in name else ms(value))
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
