"""Launch until the menu is drawn, against a bare Textual app, in a real terminal.

    python bench/launch.py [--runs 15] [--vs DIR]

`equation-duel` (no arguments: the menu) until its menu is drawn on the emulated screen
(bench/harness.py), next to a bare Textual app (an App with one Static, written by this
script) measured the same way, launches interleaved after a warm-up each (which writes
the bytecode); the medians and their ratio (goal: at most 1.2). With `--vs DIR` the app
is launched with that code too, in turn. Launches move by ±15 ms from one run to the
next on a shared machine: take 15 or more and compare the ratio, not the milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from harness import MENU_TEXTS, Terminal, child_env, codes, load, program, report

BARE_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Bare Textual app ready")


Bare().run()
"""


def launch(command: str, args: list[str], texts: tuple[str, ...], env: dict[str, str]) -> float:
    term = Terminal(command, args, env)
    try:
        drawn = term.wait_for(*texts)
    finally:
        term.finish()
    return drawn - term.started


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="launches of each program")
    parser.add_argument("--vs", default="", help="a folder of other code, run in turn")
    args = parser.parse_args()
    load("at the start")
    bare = Path(tempfile.mkdtemp(prefix="bench-launch-")) / "bare_app.py"
    bare.write_text(BARE_APP)
    programs = {
        label: (program(), [], MENU_TEXTS, env)
        for label, env in codes(child_env(), args.vs).items()
    }
    programs["bare Textual app"] = (
        sys.executable,
        [str(bare)],
        ("Bare Textual app ready",),
        child_env(),
    )
    for case in programs.values():
        launch(*case)  # warm the disk cache and write the bytecode
    times: dict[str, list[float]] = {label: [] for label in programs}
    for _ in range(args.runs):
        for label, case in programs.items():
            times[label].append(launch(*case))
    report("launch to the first screen drawn", times)
    bare_median = statistics.median(times.pop("bare Textual app"))
    for label, values in times.items():
        print(
            f"  {label}: {statistics.median(values) / bare_median:.2f} × the bare app (goal ≤ 1.2)"
        )
    load("at the end")


if __name__ == "__main__":
    main()
