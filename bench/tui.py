"""Figures for the full-screen app: launch time, key-press latency and peak memory.

    python bench/tui.py                  all three (about two and a half minutes)
    python bench/tui.py launch [--runs N]
    python bench/tui.py keys [--presses N]
    python bench/tui.py memory

Run from the repository root with the project's environment (the installed
`equation-duel` is found next to this Python). Everything that runs in a terminal runs
in a real pseudo-terminal (pexpect) whose output is fed to a pyte screen of 100×30 with
TERM=xterm-256color; "drawn" means a known text is on that emulated screen, timed from the
moment the chunk of output that completed it was read.

- launch: `equation-duel` until its menu is drawn, next to a bare Textual app (an App with
  one Static, written by this script) measured the same way, launches interleaved; the
  medians and their ratio (target: at most 1.3).
- keys: `equation-duel play conquest`, ~50 digits sent one at a time, each timed until the
  screen shows the move (median and worst; target under 50 ms), and the app's CPU time per
  press; also in-process with Pilot, without a terminal: the CPU time from the key to the
  first frame that shows the move.
- memory: a whole game from the menu by keys in the installed app (setup, rules screen,
  quiet moves, the winning move, game-over dialog, back to the menu, quit), the child's
  peak resident size (VmHWM from /proc, sampled along the way; target under 150 MB); also
  whole games between two perfect computer players in-process (the solver's tables are the
  largest thing the app can hold): each game in a fresh process, then all five in one app,
  with the peak of each game's helper process (where the computer's searches run).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped,unused-ignore]
import pyte  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COLUMNS, LINES = 100, 30
CTRL_Q = "\x11"
WAIT = 30.0

BARE_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Bare Textual app ready")


Bare().run()
"""


def program() -> str:
    beside = Path(sys.executable).parent / "equation-duel"
    if beside.exists():
        return str(beside)
    found = shutil.which("equation-duel")
    if found is None:
        sys.exit("equation-duel is not installed (pip install -e .)")
    return found


class Terminal:
    """A program in a pty, its output drawn on a pyte screen; every wait is bounded."""

    def __init__(self, command: str, args: list[str], env: dict[str, str]) -> None:
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.eof = False
        self.started = time.perf_counter()
        self.child = pexpect.spawn(command, args, dimensions=(LINES, COLUMNS), env=env)
        self.pid: int = self.child.pid

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def rows(self, first: int, last: int) -> list[str]:
        return list(self.screen.display[first:last])

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
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return None

    def cpu_seconds(self) -> float | None:
        """The child's CPU time so far (user + system), while it runs."""
        try:
            stat = Path(f"/proc/{self.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

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


def child_env(data: Path) -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(LINES))
    env.pop("NO_COLOR", None)
    # The warm-up launch writes the bytecode, as an installed app has it: with
    # PYTHONDONTWRITEBYTECODE set, a tree without it (an export given through PYTHONPATH,
    # or modules edited since) compiled its modules at every launch, some 10-20 ms.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["EQUATION_DUEL_DATA"] = str(data)
    return env


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


# Launch


MENU_TEXTS = ("E Q U A T I O N   D U E L", "Countdown Duel", "^p palette")
BARE_TEXTS = ("Bare Textual app ready",)


def launch_once(
    command: str, args: list[str], texts: tuple[str, ...], env: dict[str, str]
) -> float:
    term = Terminal(command, args, env)
    try:
        drawn = term.wait_for(*texts)
    finally:
        status = term.finish()
    if status not in (0, None):
        print(f"  note: {command} exited with {status}")
    return drawn - term.started


def bench_launch(runs: int, env: dict[str, str]) -> dict[str, float]:
    print(f"Launch to first screen drawn, {runs} launches each, interleaved (after a warm-up)")
    with tempfile.TemporaryDirectory() as folder:
        bare = Path(folder) / "bare_app.py"
        bare.write_text(BARE_APP)
        cases: dict[str, tuple[str, list[str], tuple[str, ...]]] = {
            "equation-duel (menu)": (program(), [], MENU_TEXTS),
            "bare Textual app": (sys.executable, [str(bare)], BARE_TEXTS),
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for command, args, texts in cases.values():
            launch_once(command, args, texts, env)  # warm the disk cache and bytecode
        for _ in range(runs):
            for name, (command, args, texts) in cases.items():
                times[name].append(launch_once(command, args, texts, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, values in times.items():
        print(
            f"  {name:22s} median {ms(medians[name]):>7s}   "
            f"min {ms(min(values)):>7s}   max {ms(max(values)):>7s}"
        )
    app, bare_median = medians["equation-duel (menu)"], medians["bare Textual app"]
    ratio = app / bare_median
    verdict = "meets" if ratio <= 1.3 else "MISSES"
    print(f"  ratio {ratio:.2f}  ({verdict} the target of at most 1.3)")
    return {"app": app, "bare": bare_median, "ratio": ratio}


# Key press to updated board


def quiet_sequence(count: int, seed: int = 7) -> list[int]:
    """`count` numbers of 1-9 after which no three in a row form an equation."""
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
        number = rng.choice(choices)
        numbers.append(number)
        state = GAME.play(state, GAME.parse_move(str(number)))
    assert GAME.outcome(state) is None
    return numbers


def winning_number(numbers: list[int]) -> int:
    from rules.conquest import equations_of

    return next(n for n in range(1, 10) if equations_of(numbers[-2], numbers[-1], n))


#: Rows of the board (the sequence strip and the keypad) on the 100×30 screen.
BOARD_ROWS = (4, 22)


def bench_keys_pty(presses: int, env: dict[str, str]) -> dict[str, float]:
    print(f"Key press to updated screen in a pty: `equation-duel play conquest`, {presses} digits")
    numbers = quiet_sequence(presses)
    term = Terminal(program(), ["play", "conquest"], env)
    turn: list[float] = []
    listed: list[float] = []
    board_changed = 0
    try:
        term.wait_for("Equation Conquest", "Sequence", "to move")
        term.drain()
        cpu_before = term.cpu_seconds()
        for index, number in enumerate(numbers):
            term.drain()
            before = term.rows(*BOARD_ROWS)
            mover, nxt = (1, 2) if index % 2 == 0 else (2, 1)
            hint = f"Player {nxt}: append a number"
            line = f"{index + 1}. P{mover} {number}"
            sent = term.send(str(number))
            shown = term.wait_for(hint)
            turn.append(shown - sent)
            board_changed += term.rows(*BOARD_ROWS) != before
            listed.append(term.wait_for(line) - sent)
        term.drain()
        cpu_after = term.cpu_seconds()
        peak = term.peak_kib()
    finally:
        term.finish()
    print(
        f"  turn passes on screen (status, banner and board: one frame)  "
        f"median {ms(statistics.median(turn))}  worst {ms(max(turn))}  "
        f"(press {turn.index(max(turn)) + 1})"
    )
    print(f"  board rows changed in that frame: {board_changed} of {presses}")
    print(
        f"  move on the move list (kept in view: the same frame or the next)  "
        f"median {ms(statistics.median(listed))}  worst {ms(max(listed))}"
    )
    if cpu_before is not None and cpu_after is not None:
        per_press = (cpu_after - cpu_before) / presses
        print(f"  the app's CPU time per key press (all its frames, from /proc): {ms(per_press)}")
    verdict = "meets" if statistics.median(turn) < 0.05 else "MISSES"
    print(f"  median {verdict} the target of under 50 ms")
    if peak is not None:
        print(f"  (peak resident size of that process: {peak / 1024:.0f} MB)")
    return {"median": statistics.median(turn), "worst": max(turn)}


async def keys_in_process(presses: int) -> tuple[list[float], list[float], list[float]]:
    """Per press: wall time of Pilot's press + pause, the main thread's CPU time until the
    first frame that shows the move is rendered, and its CPU time for the whole press."""
    from textual.screen import Screen

    from app.tui.app import EquationDuelApp
    from app.tui.game_screen import GameScreen

    numbers = quiet_sequence(presses)
    app = EquationDuelApp("conquest")
    wall: list[float] = []
    first: list[float] = []
    whole: list[float] = []
    watch: dict[str, Any] = {"screen": None, "moves": 0, "at": None}
    # Textual's private frame hook: wrapped only to note when a frame is done.
    original = getattr(Screen, "_compositor_refresh", None)

    def refresh(self: Screen[Any]) -> None:
        assert original is not None
        original(self)
        screen = watch["screen"]
        if watch["at"] is None and screen is not None and len(screen.moves) >= watch["moves"]:
            watch["at"] = time.thread_time()

    if original is not None:
        Screen._compositor_refresh = refresh  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(COLUMNS, LINES)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.pause(0.3)
            for index, number in enumerate(numbers):
                watch.update(screen=screen, moves=index + 1, at=None)
                start, cpu = time.perf_counter(), time.thread_time()
                await pilot.press(str(number))
                await pilot.pause()
                wall.append(time.perf_counter() - start)
                whole.append(time.thread_time() - cpu)
                if watch["at"] is not None:
                    first.append(watch["at"] - cpu)
                assert len(screen.moves) == index + 1, screen.moves
    finally:
        if original is not None:
            Screen._compositor_refresh = original  # type: ignore[method-assign]
    return wall, first, whole


def bench_keys_pilot(presses: int) -> None:
    wall, first, whole = asyncio.run(keys_in_process(presses))
    print("  in-process with Pilot (no terminal):")
    if first:
        print(
            f"    CPU time from the key to the first frame showing the move rendered  "
            f"median {ms(statistics.median(first))}  worst {ms(max(first))}"
        )
    print(
        f"    CPU time for the whole press (every frame it causes)  "
        f"median {ms(statistics.median(whole))}  worst {ms(max(whole))}"
    )
    print(
        f"    wall time of press + pause (Pilot waits for every refresh and for idle)  "
        f"median {ms(statistics.median(wall))}  worst {ms(max(wall))}"
    )


# Peak memory


def bench_memory_pty(env: dict[str, str], quiet_moves: int = 40) -> float:
    print("Peak memory over a whole game by keys in the installed app (pty)")
    numbers = quiet_sequence(quiet_moves, seed=3)
    numbers.append(winning_number(numbers))
    samples: list[int] = []
    term = Terminal(program(), [], env)

    def sample() -> None:
        peak = term.peak_kib()
        if peak is not None:
            samples.append(peak)

    try:
        term.wait_for(*MENU_TEXTS)
        sample()
        term.send("4")
        term.wait_for("New game · Equation Conquest", "Start (Enter)")
        sample()
        term.send("\r")
        term.wait_for("Sequence", "to move")
        term.send("?")  # the rules screen (Markdown), then back
        term.wait_for("Rules · ")
        term.drain()
        sample()
        term.send("\x1b")
        term.wait_until(lambda: "Rules · " not in term.text and "to move" in term.text)
        for index, number in enumerate(numbers[:-1]):
            term.send(str(number))
            term.wait_for(f"{index + 1}. P{index % 2 + 1} {number}")
            sample()
        term.send(str(numbers[-1]))
        term.wait_for("Game over", "wins!")
        sample()
        term.send("m")
        term.wait_for("Five two-player arithmetic duels")
        term.drain()
        sample()
        status = term.finish("q")
    finally:
        if term.child.isalive():
            term.finish()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    peak = max(samples) / 1024
    print(f"  {len(numbers)} moves, exit status {status}")
    print(f"  peak resident size (VmHWM, {len(samples)} samples): {peak:.1f} MB")
    print(
        f"  (getrusage(RUSAGE_CHILDREN).ru_maxrss so far, largest child: {children / 1024:.1f} MB)"
    )
    verdict = "meets" if peak < 150 else "MISSES"
    print(f"  {verdict} the target of under 150 MB")
    return peak


BOT_GAME = """
import asyncio, resource, sys
import app.tui.computer as computer
from app.tui.app import EquationDuelApp
from app.tui.dialogs import GameOverDialog
from app.tui.menu import MenuScreen
from textual.widgets import RadioButton, Select

computer.BOT_DELAY = 0.01  # no pretend thinking time: it does not change memory


def helper_peak(pid):
    # The computer's helper process's peak resident size (MB), 0 when it has none.
    try:
        status = open(f"/proc/{pid}/status").read()
    except (OSError, TypeError):
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


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
            await until(
                pilot,
                lambda: isinstance(app.screen, GameOverDialog) and app.screen.query("#winner"),
                "game over",
            )
            await pilot.pause()
            moves = len(app.screen_stack[-2].moves)
            helper = helper_peak(app.screen_stack[-2].searches.process.pid)
            app.screen.action_choose("menu")
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{game_id} {moves} {peak:.1f} {helper:.1f}", flush=True)


asyncio.run(main())
"""


def bench_memory_bots() -> None:
    from rules.registry import GAME_IDS

    print("Peak memory of whole games between two perfect computer players (in-process app)")
    runs = [[g] for g in GAME_IDS] + [list(GAME_IDS)]
    for games in runs:
        if len(games) > 1:
            print("  the five one after another in one app (peak so far after each):")
        result = subprocess.run(
            [sys.executable, "-c", BOT_GAME, *games],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=ROOT,
            check=False,
        )
        for line in result.stdout.splitlines():
            game_id, moves, peak, helper = line.split()
            print(
                f"  {game_id:12s} {moves:>3s} moves   peak {float(peak):6.1f} MB"
                f"   its helper process (the computer's searches) {float(helper):6.1f} MB"
            )
        if result.returncode != 0:
            print(f"  {' + '.join(games)}: failed\n{result.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument(
        "what", nargs="?", choices=("all", "launch", "keys", "memory"), default="all"
    )
    parser.add_argument("--runs", type=int, default=15, help="launches of each program")
    parser.add_argument("--presses", type=int, default=50, help="digits to time")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as data:
        env = child_env(Path(data))
        if args.what in ("all", "launch"):
            bench_launch(args.runs, env)
        if args.what in ("all", "keys"):
            bench_keys_pty(args.presses, env)
            bench_keys_pilot(args.presses)
        if args.what in ("all", "memory"):
            bench_memory_pty(env)
            bench_memory_bots()
    print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
