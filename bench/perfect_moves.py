"""The perfect computer's move and the hint, cold (the solver's tables emptied before each),
CPU time, on every game's defaults and the larger options (issue 14).

    python bench/perfect_moves.py [--positions 200] [--only TEXT]

Each case samples N positions by seeded random play in a fresh process and prints the
median, p95 and worst CPU time of each (close to an idle machine's wall time), the worst
wall time of a move and the process's peak memory. A case stops after CAP s of work.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import harness as h

CAP = 120.0

#: (label, game, options as JSON fields)
CASES: list[tuple[str, str, dict[str, Any]]] = [
    *[
        (f"{game} defaults", game, {})
        for game in ("collect", "template", "fifty", "conquest", "countdown")
    ],
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
import json, random, resource, sys, time
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
    parser = h.arguments(__doc__, only=True)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    h.table(
        "case | positions | move median ms | p95 ms | worst ms | hint median ms | p95 ms "
        "| worst ms | move worst wall ms | peak MB"
    )
    for label, game_id, fields in CASES:
        if args.only not in label:
            continue
        child = [game_id, json.dumps(fields), str(args.positions), str(CAP)]
        command = [sys.executable, "-c", CHILD, *child]
        done = subprocess.run(command, capture_output=True, text=True, cwd=h.ROOT, check=False)
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
