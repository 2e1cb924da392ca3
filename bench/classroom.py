"""Classroom figures (docs/classroom.md): `pair`, a Swiss round's pairing time, wall and
CPU, with random results between rounds; `report`, the teacher's report (gathered twice in
a fresh process) over random finished games counted and kept as the app's keeper does.
`--vs DIR` runs the code in DIR in turn.

    python bench/classroom.py pair [--players 41 64] [--rounds 5] [--repeat 20] [--vs DIR]
    python bench/classroom.py report [--games 2000] [--pupils 30] [--vs DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def bench_pair(players: int, rounds: int, repeat: int) -> None:
    from rules.tournament.course import enter_result, new_tournament, pair_round

    times: dict[int, list[tuple[float, float]]] = {r: [] for r in range(1, rounds + 1)}
    for seed in range(repeat):
        rng = random.Random(seed)
        names = [f"P{i}" for i in range(1, players + 1)]
        start, cpu = time.perf_counter(), time.process_time()
        t = new_tournament("Bench", names, "collect", format="swiss", rounds=rounds)
        times[1].append((time.perf_counter() - start, time.process_time() - cpu))
        for number in range(1, rounds):
            rnd = t.rounds[-1]
            # Results without pairing the next round, so the pairing alone is timed.
            done = t.model_copy(update={"format": "round-robin"})
            for p in rnd.pairings:
                done = enter_result(done, number, p.p1, p.p2, rng.choice(p.names))
            done = done.model_copy(update={"format": "swiss"})
            start, cpu = time.perf_counter(), time.process_time()
            t = pair_round(done)
            times[number + 1].append((time.perf_counter() - start, time.process_time() - cpu))
    print(f"Swiss pairing of {players} players, {repeat} runs (milliseconds, wall and CPU):")
    print("  round  median  worst   CPU median  worst")
    for number, found in times.items():
        wall = [w * 1000 for w, _ in found]
        used = [c * 1000 for _, c in found]
        print(
            f"  {number:5}  {statistics.median(wall):6.1f}  {max(wall):5.1f}"
            f"   {statistics.median(used):10.1f}  {max(used):5.1f}"
        )
    every = [w * 1000 for found in times.values() for w, _ in found]
    print(f"  every round: median {statistics.median(every):.1f} ms, worst {max(every):.1f} ms")


#: The report's games: every game with its default options.
REPORT_GAMES = ("collect", "template", "fifty", "conquest", "countdown")


def seed_class(games: int, pupils: int) -> None:
    """Random finished games among pupils, counted and kept by the app's keeper, in the
    data folder at hand (with the code at hand)."""
    from app.match_session import keeping
    from app.store import keep_writer
    from rules.records import players_of, record_from_moves
    from rules.registry import get_game

    rng = random.Random(1)
    names = [f"Pupil {n}" for n in range(pupils)]
    keeper = keeping.SavedGames()
    start = time.perf_counter()
    for _ in range(games):
        game_id = rng.choice(REPORT_GAMES)
        game = get_game(game_id)
        state = game.new(game.options_from({}))
        moves = []
        while not game.is_over(state):
            move = rng.choice(list(game.legal_moves(state)))
            moves.append(game.format_move(move))
            state = game.play(state, move)
        two = rng.sample(names, 2)
        record = record_from_moves(game_id, None, moves, players_of((two[0], two[1])))
        keeper.count(record)
        keeper.clear(record)
    waited = time.perf_counter()
    getattr(keep_writer, "wait_judged", lambda: None)()  # (judged as kept: the judge's queue)
    end = time.perf_counter()
    print(
        f"  {games} games counted and kept in {end - start:.1f} s "
        f"(waiting for the judge at the end: {end - waited:.1f} s)"
    )


def time_report(runs: int) -> None:
    """The report of every player, `runs` times in this process: wall and CPU."""
    from app.classroom.report.gather import gather

    for run in range(1, runs + 1):
        start, cpu = time.perf_counter(), time.process_time()
        report = gather()
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        moves = sum(p.judged.moves for p in report.players)
        print(
            f"  report {run}: {wall * 1000:.0f} ms wall, {used * 1000:.0f} ms CPU; "
            f"{report.records_read} games judged, {moves} moves, {len(report.players)} players"
        )


def again(code: str, *words: str, env: dict[str, str] | None = None) -> None:
    """This script in a fresh process, measuring the code in the folder `code`."""
    command = [sys.executable, __file__, "--code", code, *words]
    subprocess.run(command, env=env, check=True, timeout=3600)


def main() -> None:
    from harness import load

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--code", default="", help=argparse.SUPPRESS)  # (a step, in that code)
    sub = parser.add_subparsers(dest="what", required=True)
    pair = sub.add_parser("pair")
    pair.add_argument("--players", type=int, nargs="+", default=[41, 64])
    pair.add_argument("--rounds", type=int, default=5)
    pair.add_argument("--repeat", type=int, default=20)
    report = sub.add_parser("report")
    report.add_argument("--games", type=int, default=2000)
    report.add_argument("--pupils", type=int, default=30)
    report.add_argument("--step", choices=("seed", "time"), help=argparse.SUPPRESS)
    for each in (pair, report):
        each.add_argument("--vs", default="", help="a folder of other code, run in turn")
    args = parser.parse_args()
    if args.code:  # one step, in a fresh process, with the code in `args.code`
        sys.path.insert(0, args.code)
        if args.what == "pair":
            bench_pair(args.players[0], args.rounds, args.repeat)
        elif args.step == "seed":
            seed_class(args.games, args.pupils)
        else:
            time_report(2)
        return
    codes = {"this code": str(ROOT), **({args.vs: str(Path(args.vs).resolve())} if args.vs else {})}
    load("at the start")
    if args.what == "pair":
        for players in args.players:  # the codes in turn, size by size
            for label, code in codes.items():
                print(f"[{label}]", flush=True)
                sizes = ["--players", str(players), "--rounds", str(args.rounds)]
                again(code, "pair", *sizes, "--repeat", str(args.repeat))
    for label, code in codes.items() if args.what == "report" else ():
        print(f"[{label}] {args.games} games among {args.pupils} pupils", flush=True)
        with tempfile.TemporaryDirectory(prefix="bench-report-") as folder:
            env = dict(os.environ, EQUATION_DUEL_DATA=folder)
            for step in ("seed", "time"):
                sizes = ["--games", str(args.games), "--pupils", str(args.pupils)]
                again(code, "report", "--step", step, *sizes, env=env)
    load("at the end")


if __name__ == "__main__":
    main()
