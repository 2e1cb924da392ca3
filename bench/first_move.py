"""The computer's first move on screen, after the game is drawn, in a real terminal.

    python bench/first_move.py [--runs N] [--only TEXT] [--vs DIR]

Each case runs `equation-duel play GAME --p2 perfect --first 2 ...` (the perfect computer
moves first) in a pseudo-terminal (bench/tui.py's harness), waits until the board is
drawn (the move list's "no moves yet"), and times until the first move is on the move
list. The computer's pause for show (0.6 s) is part of it: the goal is the pause plus a
frame. Medians, min and max over `--runs` launches, with the load printed; run from the
repository root with the project's environment. `--vs DIR` runs each launch twice in
turn, this code and then the code in DIR (e.g. an export of an older commit, given to
the app as PYTHONPATH), so both see the same load.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

CASES: dict[str, list[str]] = {
    "collect": ["collect"],
    "collect 1–15 double digits": ["collect", "--pool", "1-15", "--double-digits"],
    "conquest": ["conquest"],
    "conquest with declarations": ["conquest", "--declare"],
    "fifty 1–15 target 200": ["fifty", "--pool", "1-15", "--target", "200"],
    "countdown target 1000": ["countdown", "--target", "1000"],
    "template _ ÷ (_ − _) 0-9 twice": [
        "template",
        "--template",
        "_ ÷ (_ − _)",
        "--digits",
        "0-9",
        "--copies",
        "2",
    ],
}

FIRST_MOVE = re.compile(r"│ +1\. ")


def once(args: list[str], env: dict[str, str]) -> float:
    from bench.tui import Terminal, program

    # A data folder of its own: the game quit half-way is kept, and would be offered to
    # the next launch.
    env = dict(env, EQUATION_DUEL_DATA=tempfile.mkdtemp(prefix="bench-first-move-"))
    term = Terminal(program(), ["play", *args, "--p2", "perfect", "--first", "2"], env)
    try:
        drawn = term.wait_for("no moves yet")
        shown = term.wait_until(lambda: FIRST_MOVE.search(term.text) is not None)
    finally:
        term.finish("\x11y")
    return shown - drawn


def main() -> None:
    from bench.tui import child_env

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="only the cases whose name has this")
    parser.add_argument("--vs", default="", help="a folder of other code, run in turn")
    args = parser.parse_args()
    env = child_env(Path(tempfile.mkdtemp(prefix="bench-first-move-")))
    envs = {"this code": env}
    if args.vs:
        envs[args.vs] = dict(env, PYTHONPATH=args.vs)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for each in envs.values():
        once(CASES["conquest"], each)  # warm the disk cache and bytecode
    for name, case in CASES.items():
        if args.only not in name:
            continue
        times: dict[str, list[float]] = {label: [] for label in envs}
        for _ in range(args.runs):
            for label, each in envs.items():
                times[label].append(once(case, each))
        for label, values in times.items():
            print(
                f"  {name:32s} {label:20s} median {statistics.median(values) * 1000:6.0f} ms"
                f"   min {min(values) * 1000:6.0f}   max {max(values) * 1000:6.0f}"
            )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
