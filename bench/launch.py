"""Launch until the menu is drawn ÷ a bare Textual app's, in a real terminal (goal ≤ 1.2).

    python bench/launch.py [--runs 15] [--vs DIR]

`equation-duel` and a bare Textual app (one Static) launched in turn after a warm-up each
(which writes the bytecode), each timed until its first screen is drawn. Launches move by
±15 ms on a shared machine: take 15 or more and compare the ratio, not the milliseconds.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import harness as h

BARE_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Bare Textual app ready")


Bare().run()
"""


def launch(command: str, args: list[str], texts: tuple[str, ...], env: dict[str, str]) -> float:
    term = h.Terminal(command, args, env)
    try:
        drawn = term.wait_for(*texts)
    finally:
        term.finish()
    return drawn - term.started


def main() -> None:
    args = h.arguments(__doc__, runs=15, vs=True).parse_args()
    h.load("at the start")
    bare = Path(tempfile.mkdtemp(prefix="bench-launch-")) / "bare_app.py"
    bare.write_text(BARE_APP)
    envs = h.codes(h.child_env(), args.vs)
    programs = {label: (h.program(), [], h.MENU_TEXTS, env) for label, env in envs.items()}
    bare_app = (sys.executable, [str(bare)], ("Bare Textual app ready",), h.child_env())
    programs["bare Textual app"] = bare_app
    for case in programs.values():
        launch(*case)  # warm the disk cache and write the bytecode
    times: dict[str, list[float]] = {label: [] for label in programs}
    for _ in range(args.runs):
        for label, case in programs.items():
            times[label].append(launch(*case))
    h.report("launch to the first screen drawn", times)
    bare_median = statistics.median(times.pop("bare Textual app"))
    for label, values in times.items():
        ratio = statistics.median(values) / bare_median
        print(f"  {label}: {ratio:.2f} × the bare app (goal ≤ 1.2)")
    h.load("at the end")


if __name__ == "__main__":
    main()
