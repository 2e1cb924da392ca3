"""Every kept benchmark runs with its smallest arguments and prints its figures (issue 37:
`bench/online.py` crashed for months, a benchmark that guards nothing once it stops
running). The runs are in the soak set (`-m soak`); that each script of bench/ has its
case here is checked in the default run. No figure is judged: speed is the scripts'
business, not the tests'."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"

#: Each kept script: its smallest arguments, and a pattern its figures match.
CASES: dict[str, tuple[list[str], str]] = {
    "classroom pair": (
        ["classroom.py", "pair", "--players", "9", "--rounds", "2", "--repeat", "1"],
        r"every round: median [0-9.]+ ms",
    ),
    "classroom report": (
        ["classroom.py", "report", "--games", "3", "--pupils", "2"],
        r"report 2: \d+ ms wall, \d+ ms CPU; 3 games judged",
    ),
    "first_move": (["first_move.py", "--runs", "1", "--only", "conquest"], r"median +\d+ ms"),
    "hub": (["hub.py", "--students", "4"], r"move round trip: median [0-9.]+ ms"),
    "hub slow store, computers": (
        ["hub.py", "--students", "4", "--slow-store", "5", "--computers", "1"],
        r"perfect computers at the largest options meanwhile: 1, \d+ moves",
    ),
    "hub live": (["hub.py", "--students", "4", "--live", "fifty"], r"judged and back: \d+ ms"),
    "keys": (["keys.py", "--presses", "2", "--game", "fifty"], r"fifty +2 keys: median"),
    "keys in-process": (
        ["keys.py", "--presses", "2", "--game", "fifty", "--in-process"],
        r"restyled +[0-9.]+",
    ),
    "launch": (["launch.py", "--runs", "1"], r"× the bare app"),
    "memory": (
        ["memory.py", "--students", "4", "--games", "conquest"],
        r"hub: helper \d+(.|\n)*app: helper \d+.*; the most: [0-9.]+ MB",
    ),
    "online": (["online.py", "--moves", "2"], r"host memory \(VmRSS\): [0-9.]+ MiB"),
    "perfect_moves": (
        ["perfect_moves.py", "--positions", "1", "--only", "conquest"],
        r"\| conquest[^|]* \| 1 \| [0-9.]+ \|",
    ),
    "puzzles bank": (["puzzles.py", "bank", "--repeats", "1"], r"\| collect \| easy \| \d+ \|"),
    "puzzles calibrate": (["puzzles.py", "calibrate", "--games", "1"], r'"perfect": \d+'),
    "puzzles arena": (["puzzles.py", "arena", "--games", "1"], r"\| fifty \| \d \|"),
    "random_play": (["random_play.py", "5"], r"random play: 5 games, \d+ moves"),
    "screens": (
        ["screens.py", "--runs", "1", "--seeds", "1", "--pupils", "2", "--class-games", "4"],
        r"statistics \(s\): the tables: quiet +this code +median +\d+ ms",
    ),
    "solve_start": (["solve_start.py", "--quick"], r"\| fifty standard \| Player \d in \d+ \|"),
    "tabs": (["tabs.py", "--tabs", "2"], r"\| this code \| 2 \| \d+ ms \| \d+ MiB \| \d+ MiB \|"),
    "web": (["web.py", "--runs", "1"], r"page opened to menu drawn: median \d+ ms"),
}


def test_every_kept_benchmark_has_its_soak_case() -> None:
    scripts = {path.name for path in BENCH.glob("*.py")} - {"harness.py"}
    assert scripts == {args[0] for args, _ in CASES.values()}


@pytest.mark.soak
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_kept_benchmark_runs_and_prints_its_figures(case: str) -> None:
    args, figures = CASES[case]
    if args[0] == "web.py":
        from tests.web.page import BrowserMissing, chromium_path

        try:
            chromium_path()
        except BrowserMissing as error:
            pytest.skip(f"web.py drives Debian's chromium, missing here: {error}")
    result = subprocess.run(
        [sys.executable, str(BENCH / args[0]), *args[1:]],
        cwd=BENCH.parent,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert re.search(figures, result.stdout), result.stdout[-3000:]
