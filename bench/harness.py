"""What the scripts share: the installed app in a pseudo-terminal (pexpect) read into a
pyte screen (80×24, TERM=xterm-256color; "drawn": a text is on it, timed from the read
that completed it), fresh data folders, a player's keys, each game's largest options,
the load average, medians, and `--vs DIR` (another commit's export, `git archive main |
tar -x -C DIR`, given as PYTHONPATH): every run twice in turn, this code and that."""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped,unused-ignore]
import pyte  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SIZE = [80, 24]
CTRL_Q = "\x11"
QUIT = CTRL_Q + "y"  # ctrl+q, and yes to "Quit Equation Duel?" when a game is on
WAIT = 30.0
MENU_TEXTS = ("E Q U A T I O N   D U E L", "Countdown Duel")

#: Each game's largest options: for the app (in-process) and on the command line.
LARGEST: dict[str, tuple[dict[str, Any], list[str]]] = {
    "collect": ({"pool": (1, 15), "double_digits": True}, ["--pool", "1-15", "--double-digits"]),
    "template": (
        {"template": "_ ÷ (_ − _)", "digits": (0, 9), "copies": 2},
        ["--template", "_ ÷ (_ − _)", "--digits", "0-9", "--copies", "2"],
    ),
    "fifty": ({"pool": (1, 15), "target": 200}, ["--pool", "1-15", "--target", "200"]),
    "conquest": ({"declare": True}, ["--declare"]),
    "countdown": ({"target": 1000}, ["--target", "1000"]),
}


def program() -> str:
    beside = Path(sys.executable).parent / "equation-duel"
    found = str(beside) if beside.exists() else shutil.which("equation-duel")
    if found is None:
        sys.exit("equation-duel is not installed (pip install -e .)")
    return found


def child_env(data: Path | None = None) -> dict[str, str]:
    """The app's environment: a colour terminal of `SIZE`, a data folder of its own."""
    columns, lines = SIZE
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
    env.pop("NO_COLOR", None)
    # The warm-up launch writes the bytecode, as an installed app has it: with
    # PYTHONDONTWRITEBYTECODE set, an export given through PYTHONPATH compiled its
    # modules at every launch, some 10-20 ms.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["EQUATION_DUEL_DATA"] = str(data or fresh_data())
    return env


def fresh_data() -> str:
    """A new empty data folder."""
    return tempfile.mkdtemp(prefix="bench-data-")


def arguments(
    doc: str | None, runs: int = 0, only: bool = False, vs: bool = False
) -> argparse.ArgumentParser:
    """A parser with the options the scripts share: `--runs`, `--only TEXT`, `--vs DIR`."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    if runs:
        parser.add_argument("--runs", type=int, default=runs)
    if only:
        parser.add_argument("--only", default="", help="only the cases whose name has this")
    if vs:
        parser.add_argument("--vs", default="", help="a folder of other code, run in turn")
    return parser


def table(head: str) -> None:
    """A Markdown table's head: `head` is its columns, each between " | "."""
    print(f"| {head} |\n" + "|---" * (head.count(" | ") + 1) + "|", flush=True)


def spread(seconds: list[float], digits: int = 1) -> str:
    ms = [s * 1000 for s in seconds]
    return f"median {statistics.median(ms):.{digits}f} ms, worst {max(ms):.{digits}f} ms"


class Terminal:
    """A program in a pty, its output drawn on a pyte screen; every wait is bounded."""

    def __init__(self, command: str, args: list[str], env: dict[str, str]) -> None:
        columns, lines = SIZE
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.eof = False
        self.started = time.perf_counter()
        self.child = pexpect.spawn(command, args, dimensions=(lines, columns), env=env)
        self.pid: int = self.child.pid

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def looks(self) -> int:
        """The screen's characters and colours, hashed."""
        return hash(tuple(tuple(row.values()) for row in self.screen.buffer.values()))

    def read(self, timeout: float) -> float | None:
        """Read and draw what has arrived within `timeout`: the time it was read, or None."""
        if self.eof:
            return None
        try:
            data = self.child.read_nonblocking(1 << 16, timeout=max(timeout, 0.0))
        except pexpect.TIMEOUT:
            return None
        except pexpect.EOF:
            self.eof = True
            return None
        arrived = time.perf_counter()
        self.stream.feed(data)
        return arrived

    def wait_until(self, done: Callable[[], bool], timeout: float = WAIT) -> float:
        """The time the output that made `done()` true was read (perf_counter)."""
        end = time.monotonic() + timeout
        if done():
            return time.perf_counter()
        while time.monotonic() < end and not self.eof:
            arrived = self.read(min(0.05, end - time.monotonic()))
            if arrived is not None and done():
                return arrived
        raise TimeoutError(f"the screen never got there in {timeout:.0f} s:\n{self.text}")

    def wait_for(self, *texts: str, timeout: float = WAIT) -> float:
        return self.wait_until(lambda: all(t in self.text for t in texts), timeout)

    def drain(self, quiet: float = 0.15, limit: float = 2.0) -> None:
        """Read until nothing has come for `quiet` seconds (at most `limit` seconds)."""
        end = time.monotonic() + limit
        while time.monotonic() < end and not self.eof:
            if self.read(quiet) is None:
                return

    def send(self, keys: str) -> float:
        self.child.send(keys)
        return time.perf_counter()

    def peak_kib(self) -> int | None:
        """The child's peak resident size so far (VmHWM), while it runs."""
        try:
            status = Path(f"/proc/{self.pid}/status").read_text()
        except OSError:
            return None
        lines = [line for line in status.splitlines() if line.startswith("VmHWM:")]
        return int(lines[0].split()[1]) if lines else None

    def finish(self, keys: str = CTRL_Q, timeout: float = 15.0) -> int | None:
        """Send the quit keys and wait for the end; kill it if it does not end in time."""
        if not self.eof and self.child.isalive():
            self.send(keys)
        end = time.monotonic() + timeout
        while not self.eof and time.monotonic() < end:
            self.read(0.1)
        while self.child.isalive() and time.monotonic() < end + 5:
            time.sleep(0.02)
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close(force=True)
        status: int | None = self.child.exitstatus
        return status


def load(when: str) -> None:
    print(f"load average {when}: {os.getloadavg()[0]:.1f}", flush=True)


def codes(env: dict[str, str], vs: str) -> dict[str, dict[str, str]]:
    """This code's environment, and with `--vs DIR` that code's, to run in turn."""
    return {"this code": env, **({vs: dict(env, PYTHONPATH=vs)} if vs else {})}


def in_turn(
    envs: dict[str, dict[str, str]], runs: int, once: Callable[[dict[str, str]], float]
) -> dict[str, list[float]]:
    """`runs` rounds of `once` under each environment in turn."""
    times: dict[str, list[float]] = {label: [] for label in envs}
    for _ in range(runs):
        for label, env in envs.items():
            times[label].append(once(env))
    return times


def report(name: str, times: dict[str, list[float]]) -> None:
    for label, values in times.items():
        print(
            f"  {name:38s} {label[-16:]:16s} median {statistics.median(values) * 1000:6.0f} ms"
            f"   min {min(values) * 1000:6.0f}   max {max(values) * 1000:6.0f}",
            flush=True,
        )


# A player's keys


def quiet_sequence(count: int, seed: int = 7) -> list[int]:
    """`count` conquest numbers of 1-9 after which no three in a row form an equation."""
    from rules.conquest import GAME, equations_of

    rng = random.Random(seed)
    state = GAME.new()
    numbers: list[int] = []
    while len(numbers) < count:
        choices = [
            m.number
            for m in GAME.legal_moves(state)
            if len(numbers) < 2 or not equations_of(numbers[-2], numbers[-1], m.number)
        ]
        numbers.append(rng.choice(choices))
        state = GAME.play(state, GAME.parse_move(str(numbers[-1])))
    return numbers


def move_keys(game: str, screen: Any, planned: list[str]) -> list[str]:
    """The keys of the next move on a game screen: conquest, the next of `planned` (a
    quiet sequence); countdown, the mover's smallest number; collect, the smallest number
    left, then Esc (no declaration; in sudden death Esc alone); template, the smallest
    digit left; fifty, the two smallest numbers left, larger first, with − between them,
    then Enter."""
    state = screen.position
    if game == "conquest":
        return [planned[len(screen.moves) % len(planned)]]
    if game == "countdown":
        return [str(min(state.available_to(state.to_move)))]
    if game == "collect":
        return [str(state.pool[0]), "escape"] if state.pool else ["escape"]
    if game == "template":
        return [str(state.pool[0])]
    small, large = state.pool[0], state.pool[1]
    return [str(large), "minus", str(small), "enter"]
