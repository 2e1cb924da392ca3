"""The key storm in a child process with a memory cap and a watchdog (issue 29).

One fifty storm once grew to 2 GB and made no progress for 14 minutes. Here each run of
the storm (tests/campaigns/key_storm.py) is a child process whose address space is
capped (`RLIMIT_AS`, which its helper processes inherit): a storm that grows fails with
`MemoryError`, a crash in its tally, instead of eating the machine. A run that reports
no progress for `stall` seconds, or outlasts `limit` seconds, is a hang: it is ended and
counted. The peak memory of each run (the child and its helpers, resident, sampled
every half second) is told with the tally.

    python -m tests.campaigns.capped_storm --game fifty --runs 3 --events 4000
    python -m tests.campaigns.capped_storm --game fifty --runs 3 --events 4000 --no-wait
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import resource
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO

from tests.campaigns import Tally, table

ROOT = Path(__file__).resolve().parents[2]
PAGE = os.sysconf("SC_PAGE_SIZE")
MB = 1 << 20


def capped(cap_mb: int) -> Callable[[], None]:
    """What the child runs before the storm: its address space capped at `cap_mb`."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap_mb * MB, cap_mb * MB))

    return apply


def session_memory(session: int) -> int:
    """Resident bytes of the processes of `session` (the child and its helpers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # from field 3 (the state) on
        if int(fields[3]) == session:  # field 6: the session
            total += int(fields[21]) * PAGE  # field 24: resident pages
    return total


def _read(stream: IO[str], into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line.rstrip("\n"))


def run_once(
    args: list[str], tally: Tally, cap_mb: int, stall: float, limit: float
) -> tuple[int, int]:
    """One storm in a capped child (`args`: key_storm's); its result goes into `tally`.
    Returns (events it reported, its peak resident bytes)."""
    command = [sys.executable, "-m", "tests.campaigns.key_storm", *args, "--json"]
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own session: its helpers are measured and ended with it
        preexec_fn=capped(cap_mb),
    )
    assert child.stdout is not None and child.stderr is not None
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    readers = [
        threading.Thread(target=_read, args=(child.stdout, out), daemon=True),
        threading.Thread(target=_read, args=(child.stderr, err), daemon=True),
    ]
    for reader in readers:
        reader.start()
    started = last_progress = time.monotonic()
    said: deque[str] = deque(maxlen=12)  # the child's last lines on standard error
    peak = 0
    while child.poll() is None:
        time.sleep(0.5)
        peak = max(peak, session_memory(child.pid))
        while not err.empty():
            line = err.get()
            said.append(line)
            if " events, " in line:  # key_storm's progress line, once per app
                last_progress = time.monotonic()
        now = time.monotonic()
        if now - last_progress > stall or now - started > limit:
            why = "no progress" if now - last_progress > stall else "over its time"
            tally.hang(
                f"{' '.join(args)}: {why} after {now - started:.0f} s "
                f"({peak // MB} MB); last said: {' / '.join(list(said)[-2:])}"
            )
            os.killpg(child.pid, signal.SIGKILL)
            break
    child.wait()
    for reader in readers:
        reader.join(timeout=5)
    while not err.empty():
        said.append(err.get())
    lines = list(out.queue)
    if tally.problems and tally.problems[-1].startswith("hang: " + " ".join(args)):
        return 0, peak
    if not lines or not lines[-1].startswith("["):
        memory = " (MemoryError)" if any("MemoryError" in line for line in said) else ""
        tally.crash(
            f"{' '.join(args)}: ended without its tally, exit {child.returncode}{memory}; "
            f"last said: {' / '.join(list(said)[-3:])}"
        )
        return 0, peak
    events = 0
    for reported in json.loads(lines[-1]):
        events += reported["tried"]
        tally.crashes += reported["crashes"]
        tally.hangs += reported["hangs"]
        tally.problems += [f"{' '.join(args)}: {p}" for p in reported["problems"]]
    return events, peak


def run(
    game: str | None,
    runs: int,
    events: int,
    no_wait: bool = False,
    first_seed: int = 1,
    cap_mb: int = 1024,
    stall: float = 180.0,
    limit: float = 1200.0,
    progress: bool = False,
) -> list[Tally]:
    """`runs` storms of `events` events each (seeds from `first_seed`), each in a child
    capped at `cap_mb` MB, a hang after `stall` s without progress or `limit` s in all."""
    mode = "queued at once" if no_wait else "keys, clicks, resizes"
    tally = Tally(
        f"capped storm ({cap_mb} MB), {game or 'every game'}, {mode}",
        labels=("runs", "peak MB"),
    )
    for seed in range(first_seed, first_seed + runs):
        args = ["--seed", str(seed), "--events", str(events)]
        args += ["--game", game] if game else []
        args += ["--no-wait"] if no_wait else []
        done, peak = run_once(args, tally, cap_mb, stall, limit)
        tally.tried += done
        tally.refused += 1
        tally.loaded = max(tally.loaded, peak // MB)
        if progress:
            print(f"run {seed}: {done} events, peak {peak // MB} MB", file=sys.stderr)
    return [tally]


def main(argv: list[str] | None = None) -> int:
    from rules.registry import GAME_IDS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAME_IDS, help="new games are of this game only")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--events", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed")
    parser.add_argument("--no-wait", action="store_true", help="queue bursts at once")
    parser.add_argument("--cap-mb", type=int, default=1024, help="address space cap")
    parser.add_argument("--stall", type=float, default=180.0, help="seconds without progress")
    parser.add_argument("--limit", type=float, default=1200.0, help="seconds for one run")
    args = parser.parse_args(argv)
    tallies = run(
        args.game,
        args.runs,
        args.events,
        args.no_wait,
        args.seed,
        args.cap_mb,
        args.stall,
        args.limit,
        progress=True,
    )
    print(table(tallies))
    return 0 if all(t.crashes == t.hangs == 0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
