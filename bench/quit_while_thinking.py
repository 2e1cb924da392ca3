"""How long the app takes to exit after ctrl+q while the perfect computer is thinking,
and whether its search's helper process is gone after it.

    python bench/quit_while_thinking.py [--runs N] [--wait SECONDS]

Run from the repository root with the project's environment. Each run starts
`equation-duel play fifty --p2 perfect --first 2 --pool 1-14 --target 100` (a perfect
first move that takes many seconds) in a real pseudo-terminal with its own data folder,
waits `--wait` seconds (the computer may be thinking: its helper at full CPU; since the
perfect move got fast it has often moved already), presses ctrl+q, answers the question
the app asks while a game is in progress ("Quit Equation Duel?": `y`) and times until the
app's process has exited. Every wait is bounded: an app still running `--limit` seconds
after ctrl+q is killed and counted as a hang. Then it lists the processes of the app's
session still running (zombies awaiting their reaper are not running).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = ["play", "fifty", "--p2", "perfect", "--first", "2", "--pool", "1-14"]
COMMAND += ["--target", "100"]


def drain(fd: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def session(sid: int) -> list[tuple[str, str, str]]:
    """(pid, state, command) of the processes in session `sid`."""
    out = subprocess.run(
        ["ps", "-e", "-o", "pid=,sid=,stat=,comm="], capture_output=True, text=True
    ).stdout
    return [
        (p, st, c) for p, s, st, c in (r.split(None, 3) for r in out.splitlines()) if s == str(sid)
    ]


def exited(pid: int, seconds: float, fd: int) -> bool:
    """Whether the process `pid` exits within `seconds` (its output read meanwhile)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if os.waitpid(pid, os.WNOHANG)[0] != 0:
            return True
        drain(fd, 0.005)
    return False


def once(wait: float, limit: float) -> tuple[float | None, int, list[tuple[str, str, str]]]:
    app = str(Path(sys.executable).with_name("equation-duel"))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30")
    env["EQUATION_DUEL_DATA"] = tempfile.mkdtemp(prefix="quit-bench-")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(app, [app, *COMMAND], env)
    drain(fd, wait)
    thinking = sum(1 for _, state, _ in session(pid) if state.startswith("R"))
    start = time.perf_counter()
    os.write(fd, b"\x11")  # ctrl+q
    # A game is in progress, so the app asks first; the answer goes once it is drawn
    # (a key sent earlier would go to the game screen, not the question).
    gone = exited(pid, 0.5, fd)
    if not gone:
        os.write(fd, b"y")
        start = time.perf_counter()  # timed from the answer
        gone = exited(pid, limit, fd)
    took: float | None = time.perf_counter() - start
    if not gone:
        took = None
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    os.close(fd)
    left = [row for row in session(pid) if not row[1].startswith("Z")]
    return took, thinking, left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--wait", type=float, default=4.0)
    parser.add_argument("--limit", type=float, default=15.0, help="seconds before a kill")
    args = parser.parse_args()
    times = []
    hangs = 0
    for _ in range(args.runs):
        took, thinking, left = once(args.wait, args.limit)
        if took is None:
            hangs += 1
            print(f"no exit {args.limit:.0f} s after ctrl+q and y (killed); left: {left}")
            continue
        times.append(took)
        print(
            f"exit {took * 1000:.0f} ms after ctrl+q (or its question's answer); "
            f"running before: {thinking}; left: {left}"
        )
    if times:
        print(f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms")
    print(f"runs {args.runs}, hangs {hangs}")


if __name__ == "__main__":
    main()
