"""Peak memory (goal < 150 MB; no process above 120 MB): a whole conquest game by keys in
the installed app (VmHWM after every step); perfect against perfect in every game through
the setup screen with Pilot, each alone and then all in one app, with the helper process
that runs the searches; fifty's move cache full (the legal moves of 1,925 pools of 1 to
15), in a fresh process, `--vs DIR` too.

    python bench/memory.py [--bots GAME ...] [--vs DIR]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import harness as h

BOT_GAME = """
import asyncio, resource, sys
import app.tui.computer as computer
from app.tui.app import EquationDuelApp
from app.tui.dialogs import GameOverDialog
from app.tui.menu import MenuScreen

computer.BOT_DELAY = 0.01  # no pretend thinking time: it does not change memory


def helper_peak(pid):
    try:
        status = open(f"/proc/{pid}/status").read().splitlines()
    except OSError:
        return 0.0
    return next((int(l.split()[1]) / 1024 for l in status if l.startswith("VmHWM:")), 0.0)


async def until(pilot, done, what):
    for _ in range(6000):
        await pilot.pause(0.01)
        if done():
            return
    raise SystemExit(f"never got to {what}")


async def main() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        for game_id in sys.argv[1:]:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            app.open_setup(game_id)
            await pilot.pause()
            for player in (1, 2):
                app.screen.query_one(f"#perfect-{player}").value = True
                await pilot.pause()
            await pilot.pause()
            app.screen.action_start()
            over = lambda: isinstance(app.screen, GameOverDialog) and app.screen.query("#winner")
            await until(pilot, over, "game over")
            await pilot.pause()
            moves = len(app.screen_stack[-2].moves)
            helper = helper_peak(app.screen_stack[-2].searches.process.pid)
            app.screen.action_choose("menu")
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{game_id} {moves} {peak:.1f} {helper:.1f}", flush=True)


asyncio.run(main())
"""


def by_keys(quiet_moves: int = 40) -> None:
    from rules.conquest import equations_of

    numbers = h.quiet_sequence(quiet_moves, seed=3)
    numbers.append(next(n for n in range(1, 10) if equations_of(numbers[-2], numbers[-1], n)))
    samples: list[int] = []
    term = h.Terminal(h.program(), [], h.child_env())
    steps = [("4", ("New game · Equation Conquest",)), ("\r", ("Sequence", "to move"))]
    steps += [("?", ("Rules · ",)), ("\x1b", ("to move",))]
    steps += [(str(n), (f"{i + 1}. P{i % 2 + 1} {n}",)) for i, n in enumerate(numbers[:-1])]
    steps += [(str(numbers[-1]), ("Game over",)), ("m", h.MENU_TEXTS)]
    try:
        term.wait_for(*h.MENU_TEXTS)
        for key, texts in steps:
            term.send(key)
            term.wait_for(*texts)
            term.drain()
            samples.append(term.peak_kib() or 0)
    finally:
        term.finish("q")
    print(f"a whole conquest game by keys, {len(numbers)} moves: peak {max(samples) / 1024:.1f} MB")


MOVES_CACHE = """
import itertools, resource, sys
sys.path.insert(0, sys.argv[1])
from rules.fifty import GAME, FiftyOptions, FiftyState

options = FiftyOptions(pool=(1, 15))
pools = [p for k in (13, 12, 11) for p in itertools.combinations(range(1, 16), k)]
states = [FiftyState(options=options, pool=p, to_move=1) for p in pools]
start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
for state in states + states:
    GAME.legal_moves(state)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{len(pools)} {start:.1f} {peak:.1f}")
"""


def python(code: str, *args: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """`python -c code args`, its output read; a failure is printed."""
    command = [sys.executable, "-c", code, *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, **options)
    if done.returncode != 0:
        print(f"  {' '.join(args)}: failed\n{done.stderr[-2000:]}")
    return done


def moves_cache(codes: list[str]) -> None:
    print("fifty's move cache full (the legal moves of every pool of 11 to 13 of 1 to 15):")
    for code in codes:
        done = python(MOVES_CACHE, code, cwd=code)
        if done.returncode == 0:
            pools, start, peak = done.stdout.split()
            print(
                f"  {code}: {pools} pools, peak {float(peak):.1f} MB (from {float(start):.1f} MB)"
            )


def bots(games: list[str]) -> None:
    print("perfect against perfect, in-process: moves, peak, its helper's peak")
    for chosen in [[g] for g in games] + ([games] if len(games) > 1 else []):
        if len(chosen) > 1:
            print("  one after another in one app (the peak so far after each):")
        for line in python(BOT_GAME, *chosen, cwd=h.ROOT, env=h.child_env()).stdout.splitlines():
            game, moves, peak, helper = line.split()
            print(
                f"  {game:10s} {moves:>3s} moves  {float(peak):6.1f} MB  helper {float(helper):6.1f} MB"
            )


def main() -> None:
    from rules.registry import GAME_IDS

    parser = h.arguments(__doc__, vs=True)
    parser.add_argument("--bots", nargs="*", choices=GAME_IDS, default=list(GAME_IDS))
    args = parser.parse_args()
    h.load("at the start")
    by_keys()
    bots(args.bots)
    moves_cache([str(h.ROOT), *([str(Path(args.vs).resolve())] if args.vs else [])])
    h.load("at the end")


if __name__ == "__main__":
    main()
