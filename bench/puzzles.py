"""Puzzle figures: generation time, the shipped bank, and the computer levels' ratings.

    python bench/puzzles.py time [COUNT] [GAME ...]   generation time per game (median, worst)
    python bench/puzzles.py calibrate [GAMES]   the computer levels' ratings, from the arena

`time`: for each game, `COUNT` (default 100) puzzles generated live from seeds 0, 1, ...
(`rules.puzzles.generate.generate`, cold solver tables for each), the median and the
worst time; then the time to pick one from the shipped bank and the bank's size.

`calibrate`: `equation-duel arena` between neighbouring levels (easy against medium,
medium against perfect), `GAMES` (default 20) games with each in the first seat, and the
rating gap that the win rate p gives on openskill's scale (app.store.ratings: a win chance of
p means a gap of c·ln(p / (1 − p)), c = √2·β for two settled ratings), with p kept
within [1/(2n), 1 − 1/(2n)] of n games. Medium is fixed at 1500. The output is the
`COMPUTER_RATINGS` table of app/store/ratings.py.
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.puzzles.bank import BANK_FILE, bank, pick
from rules.puzzles.generate import NoPuzzle, generate
from rules.registry import GAME_IDS
from rules.solver import clear_cache

ROOT = Path(__file__).resolve().parents[1]

#: openskill's scale as app.store.ratings sets it up (β = σ / 2 with σ = 350).
BETA = 175.0
MEDIUM = 1500


def time_generation(count: int, games: list[str]) -> None:
    print(f"live generation, {count} seeds per game (cold solver tables each)")
    print(f"{'game':<10} {'median s':>9} {'worst s':>8} {'none':>5}")
    for game_id in games:
        times = []
        missing = 0
        for seed in range(count):
            clear_cache()
            start = time.perf_counter()
            try:
                generate(game_id, seed)
            except NoPuzzle:
                missing += 1
            times.append(time.perf_counter() - start)
        print(f"{game_id:<10} {statistics.median(times):>9.3f} {max(times):>8.3f} {missing:>5}")
    start = time.perf_counter()
    bank.cache_clear()
    bank()
    load = time.perf_counter() - start
    start = time.perf_counter()
    for seed in range(1000):
        pick(GAME_IDS[seed % len(GAME_IDS)], seed, None)
    picked = (time.perf_counter() - start) / 1000
    size = (ROOT / "rules" / "puzzles" / BANK_FILE).stat().st_size
    print(
        f"bank: {len(bank())} puzzles, {size / 1024:.1f} KiB; read in {load * 1000:.1f} ms, "
        f"a pick {picked * 1e6:.0f} µs"
    )


def arena(game_id: str, p1: str, p2: str, games: int) -> int:
    """Player 1's wins."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "arena",
            game_id,
            "--p1",
            p1,
            "--p2",
            p2,
            "--games",
            str(games),
            "--seed",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    return int(json.loads(out)["wins"]["1"])


def gap(wins: int, games: int) -> int:
    """The rating gap that `wins` of `games` give the stronger side."""
    low = 1 / (2 * games)
    p = min(max(wins / games, low), 1 - low)
    return round(math.sqrt(2) * BETA * math.log(p / (1 - p)))


def calibrate(games: int) -> None:
    table: dict[str, dict[str, int]] = {}
    for game_id in GAME_IDS:
        ratings = {"medium": MEDIUM}
        for weak, strong in (("easy", "medium"), ("medium", "perfect")):
            won = arena(game_id, strong, weak, games) + games - arena(game_id, weak, strong, games)
            step = gap(won, 2 * games)
            print(f"{game_id}: {strong} beat {weak} {won} of {2 * games}: gap {step}")
            if strong == "medium":
                ratings["easy"] = MEDIUM - step
            else:
                ratings["perfect"] = MEDIUM + step
        table[game_id] = {level: ratings[level] for level in ("easy", "medium", "perfect")}
    print("COMPUTER_RATINGS =", json.dumps(table, indent=4))


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "time"
    number = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if what == "time":
        time_generation(number or 100, sys.argv[3:] or list(GAME_IDS))
    elif what == "calibrate":
        calibrate(number or 20)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
