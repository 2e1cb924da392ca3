"""CPU time of a launch until the menu's first frame, against a bare Textual app.

    python bench/launch_cpu.py [--runs N] [--vs DIR ...]

`bench/tui.py launch` times the launch in a real terminal; on a machine shared with other
jobs its medians move by a tenth from one run to the next. This counts the CPU time the
launching process spent instead (all its threads: `time.process_time`), which other jobs
move far less. Each launch is a fresh process run from the repository root with the
project's environment: it starts the app through `app.launch` as `equation-duel` does
(but headless, at 100×30, whatever the output is) and notes the CPU time when the first
frame is handed to the output. The bare app (one Static) is measured the
same way, launches interleaved, the first of each left out. With `--vs DIR` (an export of
another commit: `git archive main | tar -x -C DIR`; given again for more) that code is
measured too, in turn.

Besides the total (interpreter start included), the CPU time from `App.run` to the first
frame and what Textual spent in it: style sheets parsed, styles applied and updated,
frames painted (each summed over the launch so far; medians).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import functools, gc, json, sys, time

spent = {}

def timed(owner, name, label):
    real = getattr(owner, name)

    @functools.wraps(real)
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - start

    setattr(owner, name, wrapper)

first = {}
ran = []

async def leave(pilot):
    await pilot.pause()
    print(json.dumps(first))
    pilot.app.exit()

def measured_run(app):
    import textual._compositor as compositor
    import textual.css.stylesheet as stylesheet

    timed(stylesheet.Stylesheet, "parse", "sheets parsed")
    timed(stylesheet.Stylesheet, "apply", "styles applied")
    timed(stylesheet.Stylesheet, "update_nodes", "styles updated")
    timed(compositor.Compositor, "render_update", "painted")
    display = app._display

    def first_frame(screen, renderable):
        if renderable is not None and not first:
            now = time.process_time()
            first.update(spent, total=now, run=now - ran[0])
        return display(screen, renderable)

    app._display = first_frame
    ran.append(time.process_time())
    return run(app, headless=True, size=(100, 30), auto_pilot=leave)

# textual.app's App.run becomes the measuring one as it is imported, wherever from (the
# app imports Textual only after app.launch has set up what it sets up).
class PatchOnImport:

    def find_spec(self, name, path=None, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)
        import importlib.util

        spec = importlib.util.find_spec(name)
        execute = spec.loader.exec_module

        def exec_module(module):
            global run
            execute(module)
            run = module.App.run
            module.App.run = measured_run

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, PatchOnImport())
if sys.argv[1] == "app":  # the launch's own path (app.launch), but for the terminal
    import app.launch

    app.launch.line_mode_reason = lambda args: None
    app.launch._run([])
else:
    from textual.app import App
    from textual.widgets import Static

    class Bare(App[None]):
        def compose(self):
            yield Static("Bare Textual app ready")

    Bare().run()
"""

FIGURES = (
    ("total", "to the first frame"),
    ("run", "  of which App.run to it"),
    ("sheets parsed", "  style sheets parsed"),
    ("styles applied", "  styles applied"),
    ("styles updated", "  styles updated"),
    ("painted", "  painted"),
)


def launch(kind: str, path: str | None, data: str) -> dict[str, float]:
    env = dict(os.environ, EQUATION_DUEL_DATA=data)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (the first launch writes it, as installed)
    if path is not None:
        env["PYTHONPATH"] = path
    done = subprocess.run(
        [sys.executable, "-c", CHILD, kind],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),  # (not the repository: PYTHONPATH decides the code)
        timeout=60,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--vs", metavar="DIR", action="append", default=[], help="another tree, measured too"
    )
    args = parser.parse_args()
    cases: dict[str, tuple[str, str | None]] = {
        "bare Textual app": ("bare", None),
        "this code": ("app", str(ROOT)),
    }
    for tree in args.vs:
        cases[tree] = ("app", tree)
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory() as data:
        for kind, path in cases.values():
            launch(kind, path, data)  # bytecode and disk cache, not counted
        for _ in range(args.runs):
            for name, (kind, path) in cases.items():
                samples[name].append(launch(kind, path, data))
    print(f"CPU ms until the first frame, headless, median of {args.runs} launches each")
    print(f"{'':28s}" + "".join(f"{name[-22:]:>24s}" for name in cases))
    medians = {
        name: {key: statistics.median(s.get(key, 0.0) for s in runs) for key, _ in FIGURES}
        for name, runs in samples.items()
    }
    for key, words in FIGURES:
        print(f"{words:28s}" + "".join(f"{1000 * m[key]:24.1f}" for m in medians.values()))
    bare = medians["bare Textual app"]["total"]
    print(
        "ratio to the bare app       "
        + "".join(f"{m['total'] / bare:24.2f}" for m in medians.values())
    )
    print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
