"""Solve every game from the start, each in a cold process (docs/solver.md): the solver's
own time (imports excluded), the process's wall time, its peak memory (ru_maxrss) next to
its size before solving, and the nodes searched. A case past the cap is reported.

    python bench/solve_start.py [--quick]    (--quick: each game's first variant only)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CAP_SECONDS = 120
TEMPLATES = ("_ + _ × _", "(_ + _) × _", "_ × _ − _", "_ × (_ + _)", "_ ÷ (_ − _)")

CHILD = r"""
import json, resource, sys
sys.path.insert(0, ".")
from rules.games import VARIANTS
from rules.registry import get_game
from rules.solver.core import engine_for, solve
game_id, variant, extra = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
game = get_game(game_id)
options = VARIANTS[game_id].get(variant, game.Options())
if extra:
    options = type(options).model_validate({**options.model_dump(), **extra})
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
solution = solve(game_id, game.new(options))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
nodes = None if game_id == "countdown" else engine_for(game_id, options)[2].nodes
print(json.dumps([solution.winner, solution.plies, len(solution.best_moves),
                  solution.seconds, after / 1024, before / 1024, nodes]))
"""


def row(label: str, game_id: str, variant: str, extra: dict[str, Any] | None = None) -> str:
    start = time.perf_counter()
    command = [sys.executable, "-c", CHILD, game_id, variant, json.dumps(extra or {})]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, cwd=ROOT, timeout=CAP_SECONDS
        )
    except subprocess.TimeoutExpired:
        return f"| {label} | — | — | — | — | — | over the {CAP_SECONDS} s cap |"
    if done.returncode != 0:
        return f"| {label} | — | — | — | — | — | {done.stderr.strip().splitlines()[-1]} |"
    winner, plies, best, seconds, peak, before, nodes = json.loads(done.stdout)
    return (
        f"| {label} | Player {winner} in {plies} | {best} | {seconds:.3f} "
        f"| {time.perf_counter() - start:.2f} | {peak:.0f} ({before:.0f}) | {nodes or '—'} |"
    )


def main() -> None:
    from harness import table

    from rules.games import VARIANTS

    table("case | winner, plies | best moves | solver s | process s | peak MB (before) | nodes")
    for game_id in ("collect", "template", "fifty", "conquest", "countdown"):
        for name in list(VARIANTS[game_id])[: 1 if "--quick" in sys.argv else None]:
            print(row(f"{game_id} {name}", game_id, name), flush=True)
        for text in TEMPLATES if game_id == "template" else ():
            print(row(f"template {text}", "template", "-", {"template": text}), flush=True)


if __name__ == "__main__":
    main()
