"""The default test set's time, for one commit or several side by side.

    python bench/suite_time.py [--rounds N] [--python PYTHON ...] [REVISION ...]

Runs the README's test command (`python -m pytest -q`, the default set on three workers)
in a checkout of each revision (a temporary `git worktree`; `.` is the working tree as
it is), round after round, the revisions interleaved: A B A B ... On this virtual
machine the cores' speed changes from hour to hour with the host's load, by more than
most changes to the suite, so commits are compared only side by side, several times.

For each run it prints the wall time, the CPU time of pytest and the processes it waited
for (its workers and the programs they started and waited for), and pytest's summary
line; then the median of each revision. Run it with the project's environment and
nothing else running, e.g. `.venv/bin/python bench/suite_time.py --rounds 3 HEAD~2 .`.
The project's own modules come from each checkout (pytest puts its folder first); a
program a test starts by name (the installed `equation-duel`) is the environment's.

`--python` (repeatable) runs each revision with each of these interpreters instead of
the one running this script, interleaved too: the Python of another environment made
from the same requirements, e.g. to compare two builds of CPython.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout(revision: str, scratch: Path) -> Path:
    """A folder holding `revision` (the working tree itself for `.`)."""
    if revision == ".":
        return ROOT
    folder = scratch / revision.replace("/", "_").replace("~", "-").replace("^", "-")
    subprocess.run(
        ["git", "worktree", "add", "--detach", "--quiet", str(folder), revision],
        cwd=ROOT,
        check=True,
    )
    return folder


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(folder: Path, python: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, pytest's last line) of one default run in `folder`."""
    cpu_before = children_cpu()
    start = time.perf_counter()
    result = subprocess.run(
        [python, "-m", "pytest", "-q"],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    lines = result.stdout.strip().splitlines()
    return wall, children_cpu() - cpu_before, lines[-1] if lines else f"exit {result.returncode}"


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("revisions", nargs="*", default=["."], help="commits, or . (default)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each revision")
    parser.add_argument(
        "--python", action="append", help="an interpreter to run the tests with (repeatable)"
    )
    args = parser.parse_args()
    pythons: list[str] = args.python or [sys.executable]
    with tempfile.TemporaryDirectory(prefix="suite-time-") as name:
        scratch = Path(name)
        folders = {revision: checkout(revision, scratch) for revision in args.revisions}
        runs = [(revision, python) for revision in args.revisions for python in pythons]
        label = {run: run[0] if len(pythons) == 1 else f"{run[0]} with {run[1]}" for run in runs}
        walls: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
        cpus: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
        try:
            for round_number in range(1, args.rounds + 1):
                for run in runs:
                    wall, cpu, summary = one_run(folders[run[0]], run[1])
                    walls[run].append(wall)
                    cpus[run].append(cpu)
                    print(
                        f"{time.strftime('%H:%M')} round {round_number} {label[run]:>10}: "
                        f"{minutes(wall)} wall, {cpu:.0f} s CPU | {summary}",
                        flush=True,
                    )
        finally:
            for folder in folders.values():
                if folder != ROOT:
                    subprocess.run(
                        ["git", "worktree", "remove", "--force", str(folder)],
                        cwd=ROOT,
                        check=False,
                    )
    for run in runs:
        print(
            f"median {label[run]:>10}: {minutes(statistics.median(walls[run]))} wall, "
            f"{statistics.median(cpus[run]):.0f} s CPU ({len(walls[run])} runs)"
        )


if __name__ == "__main__":
    main()
