"""How long the perfect computer's move and a hint take, cold, on the larger options (issue 14).

    python bench/perfect_moves.py [--positions N] [--cap SECONDS] [--only TEXT] [--skip N]

For each case (every game's defaults, fifty with pools 1-11 .. 1-15 and targets 50, 100,
200, countdown with targets 500 and 1000, the template `_ ÷ (_ − _)` with each digit
twice) a fresh Python process samples N positions by seeded random play (the start
included), empties the solver's tables before each one (cold: every move pays for its
whole search) and times the perfect player's move (`rules.players.make_player`) and the
hint (`rules.analysis.hint`). It prints the median, p95 and worst of each in CPU time
(`time.process_time`: on the shared 2-core machine the wall time depends on the other
jobs, the CPU time is close to an idle machine's wall time), the worst wall time of a
move, and the peak resident memory of the process (`resource.getrusage`). A case whose moves together take
longer than the cap stops early and says after how many positions.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: (label, game, options as JSON fields)
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("collect defaults", "collect", {}),
    ("template defaults", "template", {}),
    ("fifty defaults", "fifty", {}),
    ("conquest defaults", "conquest", {}),
    ("countdown defaults", "countdown", {}),
    *[
        (f"fifty 1-{high} target {target}", "fifty", {"pool": [1, high], "target": target})
        for high in (11, 12, 13, 14, 15)
        for target in (50, 100, 200)
    ],
    ("countdown target 500", "countdown", {"target": 500}),
    ("countdown target 1000", "countdown", {"target": 1000}),
    ("template _ ÷ (_ − _) twice", "template", {"template": "_ ÷ (_ − _)", "copies": 2}),
]

CHILD = r"""
import json, random, resource, statistics, sys, time
sys.path.insert(0, ".")
from rules.analysis import hint
from rules.players import make_player
from rules.registry import get_game
from rules.solver.core import clear_cache

game_id, fields, count, cap = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
game = get_game(game_id)
options = game.Options.model_validate(fields)
rng = random.Random(11)
positions = []
while len(positions) < count:
    state = game.new(options)
    for _ in range(rng.randint(0, 20) if positions else 0):
        if game.outcome(state) is not None:
            break
        state = game.play(state, rng.choice(game.legal_moves(state)))
    if game.outcome(state) is None:
        positions.append(state)
player = make_player("perfect", game_id, seed=1)
moves, hints, walls, spent = [], [], [], 0.0
for state in positions:
    clear_cache()
    start, wall = time.process_time(), time.perf_counter()
    player(state)
    moves.append(time.process_time() - start)
    walls.append(time.perf_counter() - wall)
    clear_cache()
    start = time.process_time()
    hint(game_id, state)
    hints.append(time.process_time() - start)
    spent += moves[-1] + hints[-1]
    if spent > cap:
        break
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"moves": moves, "hints": hints, "walls": walls, "peak_mb": peak}))
"""


def stats(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    median = ordered[len(ordered) // 2]
    return f"{median * 1000:.1f} | {p95 * 1000:.1f} | {ordered[-1] * 1000:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per case")
    parser.add_argument("--only", default="", help="only the cases whose label has this text")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N cases")
    args = parser.parse_args()
    print(
        "| case | positions | move median ms | p95 ms | worst ms "
        "| hint median ms | p95 ms | worst ms | move worst wall ms | peak MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, game_id, fields in CASES[args.skip :]:
        if args.only not in label:
            continue
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                CHILD,
                game_id,
                json.dumps(fields),
                str(args.positions),
                str(args.cap),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        if done.returncode != 0:
            print(f"| {label} | error: {done.stderr.strip().splitlines()[-1]} |", flush=True)
            continue
        result = json.loads(done.stdout)
        moves, hints = result["moves"], result["hints"]
        print(
            f"| {label} | {len(moves)} | {stats(moves)} | {stats(hints)} "
            f"| {max(result['walls']) * 1000:.0f} | {result['peak_mb']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
