"""The computer's first move on screen after the board is drawn, in a real terminal (goal:
the 0.6 s pause for show plus a tenth), every game at its defaults and largest options.

    python bench/first_move.py [--runs 5] [--only TEXT] [--vs DIR]

`equation-duel play GAME --p2 perfect --first 2 ...` in a pseudo-terminal, timed from the
move list's "no moves yet" until its first move.
"""

from __future__ import annotations

import re

import harness as h

FIRST_MOVE = re.compile(r"│ +1\. ")


def once(args: list[str], env: dict[str, str]) -> float:
    # A data folder of its own: the game quit half-way is kept, and offered to the next.
    env = dict(env, EQUATION_DUEL_DATA=h.fresh_data())
    term = h.Terminal(h.program(), ["play", *args, "--p2", "perfect", "--first", "2"], env)
    try:
        drawn = term.wait_for("no moves yet")
        shown = term.wait_until(lambda: FIRST_MOVE.search(term.text) is not None)
    finally:
        term.finish(h.QUIT)
    return shown - drawn


def main() -> None:
    args = h.arguments(__doc__, runs=5, only=True, vs=True).parse_args()
    envs = h.codes(h.child_env(), args.vs)
    cases = {game: [game] for game in h.LARGEST}
    cases.update(
        {f"{game} {' '.join(flags)}": [game, *flags] for game, (_, flags) in h.LARGEST.items()}
    )
    h.load("at the start")
    for env in envs.values():
        once(["conquest"], env)  # warm the disk cache and bytecode
    for name, case in cases.items():
        if args.only in name:
            h.report(name, h.in_turn(envs, args.runs, lambda env, case=case: once(case, env)))
    h.load("at the end")


if __name__ == "__main__":
    main()
