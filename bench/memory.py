"""Peak memory during a class's session (issue 37: no process of the app above 120 MB),
each process's peak (VmHWM) read every 20 ms: the hub of `hub.py --session` (live rounds,
homework, games, the perfect computer at each game's largest options: the students'
connections are in its process) and its helpers; then a student's app (full screen, Pilot)
playing the perfect computer in every game (`--games`) at its largest options with random
moves, its game helpers and the helper that judges the kept games. `--vs DIR`: that code
too, in turn. The helpers include the fork server they are forked from.

    python bench/memory.py [--students 30] [--games GAME ...] [--vs DIR]
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import harness as h

STUDENT = """
import asyncio, json, random, sys, time
import app.tui.computer as computer
from app.classroom.report import judged
from app.match_session.setup import GameSetup, Seat
from app.tui.app import EquationDuelApp
from app.tui.dialogs import GameOverDialog
from app.tui.menu import MenuScreen

computer.BOT_DELAY = 0.01  # no pretend thinking time: it does not change memory
largest, rng = json.loads(sys.argv[1]), random.Random(7)


async def until(pilot, done, what):
    for _ in range(12000):
        await pilot.pause(0.01)
        if done():
            return
    raise SystemExit(f"never got to {what}")


async def main() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        for game_id, options in largest.items():
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            seats = (Seat("Ann"), Seat("Computer", "computer", "perfect"))
            app.start_game(GameSetup.make(game_id, options, seats))
            await until(pilot, lambda: hasattr(app.screen, "human_to_move"), "the board")
            board = app.screen
            for _ in range(60000):
                if isinstance(app.screen, GameOverDialog):
                    break
                if board.human_to_move:
                    board.play(rng.choice(board.game.legal_moves(board.state)))
                await pilot.pause(0.01)
            await until(pilot, lambda: app.screen.query("#winner"), "game over")
            print(f"  {game_id}: {len(board.moves)} moves", flush=True)
            app.screen.action_choose("menu")
        for _ in range(6000):  # (the kept games judged by the judging helper)
            if not judged._pending[0]:
                break
            time.sleep(0.05)


asyncio.run(main())
"""


def peaks(command: list[str], **options: Any) -> dict[int, tuple[str, float]]:
    """Run `command`, reading every 20 ms the peak memory (VmHWM) of it and of every
    process it started: {pid: (what it is, MB)}."""
    found: dict[int, tuple[str, float]] = {}
    with subprocess.Popen(command, **options) as run:
        ends = time.monotonic() + 900
        while run.poll() is None and time.monotonic() < ends:
            parents: dict[int, int] = {}
            for pid in map(int, filter(str.isdigit, os.listdir("/proc"))):
                with contextlib.suppress(OSError, KeyError, ValueError):
                    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
                    field = {k: v for k, _, v in (line.partition(":") for line in lines)}
                    parents[pid] = int(field["PPid"])
                    root = pid
                    while root > 1 and root != run.pid:
                        root = parents.get(root, 0)
                    if root == run.pid:
                        peak = int(field["VmHWM"].split()[0]) / 1024
                        found[pid] = (_role(pid, run.pid), max(peak, found.get(pid, ("", 0))[1]))
            time.sleep(0.02)
        run.kill()
    return found


def _role(pid: int, root: int) -> str:
    line = Path(f"/proc/{pid}/cmdline").read_text()
    return "itself" if pid == root else "resource tracker" if "resource_" in line else "helper"


def class_session(students: int, games: list[str], codes: list[str]) -> None:
    print(f"a class's session, each process's peak: the hub ({students} students) and its")
    print(f"helpers; a student's app playing {', '.join(games)} at their largest options:")
    largest = json.dumps({game: h.LARGEST[game][0] for game in games})
    hub = [sys.executable, str(h.ROOT / "bench" / "hub.py"), "--session"]
    student = [sys.executable, "-c", STUDENT, largest]
    for code in codes:
        env = h.child_env() | ({"PYTHONPATH": code} if code != str(h.ROOT) else {})
        for label, command in (("hub", [*hub, "--students", str(students)]), ("app", student)):
            roles = sorted(peaks(command, cwd=code, env=env).values(), key=lambda r: (r[0], -r[1]))
            said = ", ".join(f"{role} {mb:.0f}" for role, mb in roles)
            print(f"  {code}: {label}: {said} MB; the most: {max(mb for _, mb in roles):.1f} MB")


def main() -> None:
    from rules.registry import GAME_IDS

    parser = h.arguments(__doc__, vs=True)
    parser.add_argument("--games", nargs="*", choices=GAME_IDS, default=list(GAME_IDS))
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args()
    h.load("at the start")
    codes = [str(h.ROOT), *([str(Path(args.vs).resolve())] if args.vs else [])]
    class_session(args.students, args.games, codes)
    h.load("at the end")


if __name__ == "__main__":
    main()
