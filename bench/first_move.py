"""The computer's first move on screen, after the game is drawn, in a real terminal.

    python bench/first_move.py [--runs 5] [--only TEXT] [--vs DIR]

Each case runs `equation-duel play GAME --p2 perfect --first 2 ...` (the perfect computer
moves first) in a pseudo-terminal (bench/harness.py), waits until the board is drawn (the
move list's "no moves yet"), and times until the first move is on the move list. The
computer's pause for show (0.6 s) is part of it: the goal is the pause plus a tenth
(≤ 0.7 s). Medians, min and max over `--runs` launches, every game at its defaults and at
its largest options (harness.LARGEST).
"""

from __future__ import annotations

import argparse
import re

from harness import LARGEST, QUIT, Terminal, child_env, codes, in_turn, load, program, report

FIRST_MOVE = re.compile(r"│ +1\. ")


def once(args: list[str], env: dict[str, str]) -> float:
    # A data folder of its own: the game quit half-way is kept, and offered to the next.
    env = dict(env, EQUATION_DUEL_DATA=child_env()["EQUATION_DUEL_DATA"])
    term = Terminal(program(), ["play", *args, "--p2", "perfect", "--first", "2"], env)
    try:
        drawn = term.wait_for("no moves yet")
        shown = term.wait_until(lambda: FIRST_MOVE.search(term.text) is not None)
    finally:
        term.finish(QUIT)
    return shown - drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="only the cases whose name has this")
    parser.add_argument("--vs", default="", help="a folder of other code, run in turn")
    args = parser.parse_args()
    envs = codes(child_env(), args.vs)
    cases = {game: [game] for game in LARGEST}
    cases.update(
        {f"{game} {' '.join(flags)}": [game, *flags] for game, (_, flags) in LARGEST.items()}
    )
    load("at the start")
    for env in envs.values():
        once(["conquest"], env)  # warm the disk cache and bytecode
    for name, case in cases.items():
        if args.only in name:
            report(name, in_turn(envs, args.runs, lambda env, case=case: once(case, env)))
    load("at the end")


if __name__ == "__main__":
    main()
