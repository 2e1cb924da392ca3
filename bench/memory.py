"""Peak memory: a whole game by keys in the installed app, and games between two perfect
computer players (the solver's tables are the largest thing the app can hold).

    python bench/memory.py [--bots GAME ...]

- By keys: `equation-duel` in a real terminal (bench/harness.py): the menu, the conquest
  setup, Enter, the rules screen and back, 40 quiet moves and the winning one, the game
  over dialog, back to the menu, quit; the peak resident size (VmHWM from /proc, sampled
  after every step). Goal: under 150 MB.
- Perfect against perfect: whole games through the setup screen, in-process with Pilot,
  each game in a fresh process, then all of them one after another in one app (the game
  screen forgets the solver's tables when it closes); the peak of the process and of its
  helper process (where the computer's searches run). Goal: under 150 MB.
- Fifty's move cache full: the legal moves of 1,925 pools of 1 to 15 (every pool of 11
  to 13 numbers, as random play, the solver's generic search and the computer levels ask
  in a long session), in a fresh process; `--vs DIR` runs the code in DIR too. Goal: a
  few MB above the start (it was 471 MB: a model of its own per move, issue 37).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from harness import MENU_TEXTS, ROOT, Terminal, child_env, load, program, quiet_sequence

BOT_GAME = """
import asyncio, resource, sys
import app.tui.computer as computer
from app.tui.app import EquationDuelApp
from app.tui.dialogs import GameOverDialog
from app.tui.menu import MenuScreen
from textual.widgets import RadioButton, Select

computer.BOT_DELAY = 0.01  # no pretend thinking time: it does not change memory


def helper_peak(pid):
    try:
        status = open(f"/proc/{pid}/status").read()
    except (OSError, TypeError):
        return 0.0
    return next((int(l.split()[1]) / 1024 for l in status.splitlines() if l.startswith("VmHWM:")), 0.0)


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
                app.screen.query_one(f"#computer-{player}", RadioButton).value = True
                await pilot.pause()
                app.screen.query_one(f"#level-{player}", Select).value = "perfect"
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

    numbers = quiet_sequence(quiet_moves, seed=3)
    numbers.append(next(n for n in range(1, 10) if equations_of(numbers[-2], numbers[-1], n)))
    samples: list[int] = []
    term = Terminal(program(), [], child_env())
    steps = [("4", ("New game · Equation Conquest",)), ("\r", ("Sequence", "to move"))]
    steps += [("?", ("Rules · ",)), ("\x1b", ("to move",))]
    steps += [(str(n), (f"{i + 1}. P{i % 2 + 1} {n}",)) for i, n in enumerate(numbers[:-1])]
    steps += [(str(numbers[-1]), ("Game over",)), ("m", MENU_TEXTS)]
    try:
        term.wait_for(*MENU_TEXTS)
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


def moves_cache(codes: list[str]) -> None:
    print("fifty's move cache full (the legal moves of every pool of 11 to 13 of 1 to 15):")
    for code in codes:
        result = subprocess.run(
            [sys.executable, "-c", MOVES_CACHE, code],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=code,
            check=False,
        )
        if result.returncode != 0:
            print(f"  {code}: failed\n{result.stderr[-2000:]}")
            continue
        pools, start, peak = result.stdout.split()
        print(f"  {code}: {pools} pools, peak {float(peak):.1f} MB (from {float(start):.1f} MB)")


def bots(games: list[str]) -> None:
    print("perfect against perfect, in-process: moves, peak, its helper's peak")
    for chosen in [[g] for g in games] + ([games] if len(games) > 1 else []):
        if len(chosen) > 1:
            print("  one after another in one app (the peak so far after each):")
        result = subprocess.run(
            [sys.executable, "-c", BOT_GAME, *chosen],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=ROOT,
            check=False,
            env=child_env(),
        )
        for line in result.stdout.splitlines():
            game_id, moves, peak, helper = line.split()
            print(
                f"  {game_id:10s} {moves:>3s} moves  {float(peak):6.1f} MB  helper {float(helper):6.1f} MB"
            )
        if result.returncode != 0:
            print(f"  {' + '.join(chosen)}: failed\n{result.stderr[-2000:]}")


def main() -> None:
    from rules.registry import GAME_IDS

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--bots", nargs="*", choices=GAME_IDS, default=list(GAME_IDS))
    parser.add_argument("--vs", default="", help="a folder of other code (the move cache)")
    args = parser.parse_args()
    load("at the start")
    by_keys()
    bots(args.bots)
    moves_cache([str(ROOT), *([str(Path(args.vs).resolve())] if args.vs else [])])
    load("at the end")


if __name__ == "__main__":
    main()
