"""A move between two real line-mode programs on loopback, each way, and the host's memory.

    python bench/online.py [--moves 40]

`equation-duel host conquest --plain` and `equation-duel join CODE@127.0.0.1:PORT --plain`
(data folders of their own) play numbers that never form an equation; each move is timed
from the line typed to the mover until the other program prints it, through the public
command line only. The guest's moves are paced at 0.12 s (the host's cap: 10 messages a
second). Then the host's VmRSS while it waited for a guest and during the game.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import harness as h

PROMPT = "Enter a number"


class Program:
    """`equation-duel ARGS` with its input and output on pipes; every wait is bounded."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "EQUATION_DUEL_DATA": h.fresh_data()}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=h.ROOT,
        )
        self.out = ""

    def type(self, line: str) -> float:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()
        return time.perf_counter()

    def wait_for(self, text: str) -> tuple[float, str]:
        """The time the output holding `text` was read, and the output before it (what
        was read up to `text` is consumed)."""
        assert self.process.stdout is not None
        end = time.monotonic() + h.WAIT
        while text not in self.out:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(left, 0))
            chunk = os.read(self.process.stdout.fileno(), 1 << 16) if ready else b""
            if not chunk:
                raise TimeoutError(f"never printed {text!r}:\n{self.out[-2000:]}")
            self.out += chunk.decode(errors="replace")
        before, _, self.out = self.out.partition(text)
        return time.perf_counter(), before

    def rss_mib(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


def play(moves: int) -> None:
    host = Program("host", "conquest", "--plain")
    guest: Program | None = None
    try:
        _, said = host.wait_for("Waiting for a guest")
        place = said.split("equation-duel join ", 1)[1].split()[0]
        time.sleep(0.5)
        waiting = host.rss_mib()
        guest = Program("join", place, "--plain")
        trips: dict[str, list[float]] = {"host → guest": [], "guest → host": []}
        for turn, number in enumerate(h.quiet_sequence(moves)):
            mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
            mover.wait_for(PROMPT)
            if mover is guest:
                time.sleep(0.12)  # under the host's cap of 10 messages a second
            sent = mover.type(str(number))
            who = "Host" if mover is host else "Guest"
            shown, _ = other.wait_for(f"{who} (online): Add {number} to the sequence.")
            trips["host → guest" if mover is host else "guest → host"].append(shown - sent)
        playing = host.rss_mib()
    finally:
        host.stop()
        if guest is not None:
            guest.stop()
    for way, found in trips.items():
        print(f"a move {way} ({len(found)}): {h.spread(found)}")
    print(f"host memory (VmRSS): {waiting:.1f} MiB waiting, {playing:.1f} MiB playing")


def main() -> None:
    parser = h.arguments(__doc__)
    parser.add_argument("--moves", type=int, default=40)
    play(parser.parse_args().moves)


if __name__ == "__main__":
    main()
