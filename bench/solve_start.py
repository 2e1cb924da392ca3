"""Solve every game from the start, each in a cold process (docs/solver.md).

    python bench/solve_start.py            every variant of every game, and each template
    python bench/solve_start.py --quick    each game's first variant and each template

For each case a fresh Python process imports the rules, solves the starting position
(`rules.solver.solve`) and reports the solver's own time (`Solution.seconds`: imports
excluded), the wall time of the whole process, and the peak resident memory of the
process (`resource.getrusage`, ru_maxrss) next to its size before solving, so the
solver's share shows. A case that runs past the time cap is stopped and reported.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CAP_SECONDS = 120

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, ".")
from rules.games import VARIANTS
from rules.registry import get_game
from rules.solver.core import solve
from rules.solver.core import engine_for
game_id, variant, extra = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
variants = VARIANTS[game_id]
game = get_game(game_id)
options = variants[variant] if variant in variants else game.Options()
if extra:
    options = type(options).model_validate({**options.model_dump(), **extra})
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
solution = solve(game_id, game.new(options))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
nodes = table = None
if game_id != "countdown":
    _, spec, engine = engine_for(game_id, options)
    nodes, table = engine.nodes, len(engine.table)
print(json.dumps({
    "winner": solution.winner, "plies": solution.plies, "best": len(solution.best_moves),
    "seconds": solution.seconds, "rss_before_mb": before / 1024, "rss_peak_mb": after / 1024,
    "nodes": nodes, "table": table,
}))
"""

TEMPLATES = ("_ + _ × _", "(_ + _) × _", "_ × _ − _", "_ × (_ + _)", "_ ÷ (_ − _)")


def run(game_id: str, variant: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, game_id, variant, json.dumps(extra or {})],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=CAP_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"over the {CAP_SECONDS} s cap"}
    wall = time.perf_counter() - start
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1]}
    result: dict[str, Any] = json.loads(done.stdout)
    result["wall"] = wall
    return result


def row(label: str, result: dict[str, Any]) -> str:
    if "error" in result:
        return f"| {label} | — | — | — | — | — | {result['error']} |"
    return (
        f"| {label} | Player {result['winner']} in {result['plies']} | {result['best']} "
        f"| {float(result['seconds']):.3f} | {float(result['wall']):.2f} "
        f"| {float(result['rss_peak_mb']):.0f} ({float(result['rss_before_mb']):.0f}) "
        f"| {result['nodes'] if result['nodes'] is not None else '—'} |"
    )


def header() -> None:
    print(
        "| case | winner, plies | best moves | solver s | process s "
        "| peak MB (before solving) | nodes |"
    )
    print("|---|---|---|---|---|---|---|")


def all_variants(quick: bool) -> None:
    from rules.games import VARIANTS

    header()
    for game_id in ("collect", "template", "fifty", "conquest", "countdown"):
        names = list(VARIANTS[game_id])
        if quick:
            names = names[:1]
        for name in names:
            print(row(f"{game_id} {name}", run(game_id, name)), flush=True)
        if game_id == "template":
            for text in TEMPLATES:
                print(row(f"template {text}", run("template", "-", {"template": text})), flush=True)


def main() -> None:
    all_variants("--quick" in sys.argv[1:])


if __name__ == "__main__":
    main()
