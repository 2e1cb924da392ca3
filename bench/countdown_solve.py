"""Countdown solver figures: cold solve from the start, memory, and a perfect move's time.

Run from the repository root (a fresh process, so the first solve is cold):

    /work/venv/bin/python bench/countdown_solve.py [--positions 300] [--seed 1]
        [--target 30] [--pool 1-9] [--json]

Prints the solver time of the first `solve_countdown` from the start (the tables are empty:
nothing is shipped or cached on disk), the positions stored, the peak memory of the process
(resource.getrusage), the first player's result with best play, and the median and worst
time of a perfect move (every legal move's value, then the best one) over positions
reached by seeded play: half of the games random (passes and lost turns included), half
"careful" (no move that hands the opponent the target at once), so that long, tactical
games are sampled too. Each position is timed three ways: warm (the engine and its tables
kept, as in a game), with an empty transposition table, and fully cold (every table
rebuilt).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.base import PlayerNo, other
from rules.countdown import GAME, CountdownMove, CountdownOptions, CountdownState
from rules.solver import countdown as solver


def perfect_move(state: CountdownState) -> str:
    """The move a perfect player makes: the fastest win, else the longest resistance."""
    values = solver.countdown_move_values(state)
    mover = state.to_move

    def rank(text: str) -> tuple[int, int, str]:
        winner, plies = values[text]
        return (0, plies, text) if winner == mover else (1, -plies, text)

    return min(values, key=rank)


def sample_positions(options: CountdownOptions, count: int, seed: int) -> list[CountdownState]:
    rng = random.Random(seed)
    found: dict[str, CountdownState] = {}
    game = 0
    while len(found) < count:
        careful = game % 2 == 1
        game += 1
        state = GAME.new(options)
        while state.result is None and len(found) < count:
            found.setdefault(state.model_copy(update={"note": None}).model_dump_json(), state)
            state = GAME.play(state, _next_move(state, rng, careful))
    return list(found.values())[:count]


def _next_move(state: CountdownState, rng: random.Random, careful: bool) -> CountdownMove:
    moves = GAME.legal_moves(state)
    roll = rng.random()
    if not careful:
        if roll < 0.05:
            return GAME.parse_move("/0")  # a lost turn
        return rng.choice(moves)
    values = solver.countdown_move_values(state)
    mover: PlayerNo = state.to_move
    wins = [m for m in moves if values[GAME.format_move(m)][0] == mover]
    if wins and roll < 0.3:
        return rng.choice(wins)
    hands_over = (other(mover), 1)  # the opponent reaches the target at once
    safe = [m for m in moves if m.op is not None and values[GAME.format_move(m)] != hands_over]
    return rng.choice(safe or moves)


def timed(state: CountdownState, mode: str) -> float:
    options = state.options
    if mode == "cold":
        solver.clear_cache()
    elif mode == "empty-table":
        solver.engine_for(options.target, options.pool).table.clear()
    start = time.perf_counter()
    perfect_move(state)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=30)
    parser.add_argument("--pool", default="1-9")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    low, high = (int(x) for x in args.pool.split("-"))
    options = CountdownOptions(target=args.target, pool=(low, high))

    start = GAME.new(options)
    solution = solver.solve_countdown(start)
    engine = solver.engine_for(options.target, options.pool)
    stored = len(engine.table)
    thresholds = len(engine.keep_mover) + len(engine.keep_waiter)
    rss_after_solve = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    positions = sample_positions(options, args.positions, args.seed)
    times: dict[str, list[float]] = {}
    stored_warm = 0
    for mode in ("warm", "empty-table", "cold"):
        solver.clear_cache()
        solver.solve_countdown(start)  # the tables a game would have built by now
        times[mode] = [timed(state, mode) for state in positions]
        if mode == "warm":
            stored_warm = len(solver.engine_for(options.target, options.pool).table)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worst = max(range(len(positions)), key=lambda i: times["empty-table"][i])
    report: dict[str, object] = {
        "options": {"target": options.target, "pool": f"{low}-{high}"},
        "cold_solve_seconds": round(solution.seconds, 3),
        "winner": solution.winner,
        "plies": solution.plies,
        "positions_stored": stored,
        "thresholds_stored": thresholds,
        "positions_stored_after_sample": stored_warm,
        "peak_rss_mb_after_solve": round(rss_after_solve, 1),
        "peak_rss_mb": round(peak, 1),
        "positions_sampled": len(positions),
        "move_seconds": {
            mode: {"median": round(statistics.median(t), 5), "worst": round(max(t), 4)}
            for mode, t in times.items()
        },
        "slowest_position": _describe(positions[worst]),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return report
    first = options.first
    result = "wins" if solution.winner == first else "loses"
    print(f"Countdown, target {options.target}, numbers {low}-{high} each")
    print(f"cold solve from the start: {solution.seconds:.3f} s of solver time")
    print(f"first player (Player {first}) {result} with best play, in {solution.plies} plies")
    print(f"positions stored: {stored} (plus {thresholds} keeping-below thresholds)")
    print(f"positions stored after every sampled position's perfect move: {stored_warm}")
    print(f"peak memory: {rss_after_solve:.1f} MB after the solve, {peak:.1f} MB at the end")
    print(f"perfect move over {len(positions)} sampled reachable positions:")
    for mode, t in times.items():
        print(f"  {mode:12s} median {statistics.median(t) * 1000:8.2f} ms, worst {max(t):.3f} s")
    print(f"slowest (empty table): {report['slowest_position']}")
    return report


def _describe(state: CountdownState) -> str:
    return (
        f"total {state.running_total}, Player 1 has {list(state.available[0])}, "
        f"Player 2 has {list(state.available[1])}, Player {state.to_move} to move"
        + (", after a pass" if state.passes_in_row else "")
    )


if __name__ == "__main__":
    main()
