"""Puzzle and computer-level figures: the shipped bank, and the arena's tables.

    python bench/puzzles.py bank [--repeats 5]
    python bench/puzzles.py calibrate [--games 20]
    python bench/puzzles.py arena [--games 20]

`bank` (docs/puzzles.md): the bank's size per game and difficulty, the median legal,
winning and choice moves, the share of wins in one move; the time to read and check the
bank once the games are imported (`rules.puzzles.bank_file.read_bank`, median, and the
first read of the process); and the time to the first puzzle of a streak and of a storm
in a fresh process (Python, the games and the bank), next to Python and the games alone.

`calibrate`: `equation-duel arena` between neighbouring levels (easy against medium,
medium against perfect), `--games` with each in the first seat, and the rating gap that
the win rate p gives on openskill's scale (app.store.ratings: a win chance of p means a
gap of c·ln(p / (1 − p)), c = √2·β), with p kept within [1/(2n), 1 − 1/(2n)] of n games.
Medium is fixed at 1500. The output is the `COMPUTER_RATINGS` table of
app/store/ratings.py.

`arena`: the README's table, the perfect player's wins against easy and medium in both
seats, every game (docs/solver.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.puzzles.bank import BANK_FILE, bank  # noqa: E402
from rules.puzzles.bank_file import read_bank  # noqa: E402
from rules.puzzles.model import DIFFICULTIES  # noqa: E402
from rules.registry import GAME_IDS, get_game  # noqa: E402

FIRST = {
    "a streak's first puzzle": "from rules.puzzles.training import Streak; Streak(None).next_puzzle()",
    "a storm's first puzzle": "from rules.puzzles.training import Storm; Storm(None).next_puzzle()",
    "python and the games only": "import rules.games",
}
BETA, MEDIUM = 175.0, 1500  # openskill's scale as app.store.ratings sets it up (β = σ / 2)


def bank_figures(repeats: int) -> None:
    print(
        "| game | difficulty | puzzles | median legal | median winning | median choices | wins in one |"
    )
    print("|---|---|---|---|---|---|---|")
    for game_id in GAME_IDS:
        for difficulty in DIFFICULTIES:
            found = [p for p in bank() if p.game == game_id and p.difficulty == difficulty]
            if found:
                figures = [p.figures for p in found]
                in_one = sum(f.mover_moves == 1 for f in figures)
                medians = [
                    statistics.median(getattr(f, n) for f in figures)
                    for n in ("legal", "winning", "choices")
                ]
                print(
                    f"| {game_id} | {difficulty} | {len(found)} | "
                    + " | ".join(f"{m:g}" for m in medians)
                    + f" | {in_one} ({100 * in_one / len(found):.0f} %) |"
                )
    size = (ROOT / "rules" / "puzzles" / BANK_FILE).stat().st_size
    print(f"\nbank: {len(bank())} puzzles, {size:,} bytes")
    for game_id in GAME_IDS:
        get_game(game_id)
    reads = []
    for _ in range(repeats):
        started = time.perf_counter()
        read_bank(ROOT / "rules" / "puzzles" / BANK_FILE)
        reads.append(time.perf_counter() - started)
    print(
        f"read and checked: median {statistics.median(reads) * 1000:.0f} ms, first {reads[0] * 1000:.0f} ms"
    )
    for name, code in FIRST.items():
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
            times.append(time.perf_counter() - start)
        print(
            f"{name} (fresh processes): median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
        )


def wins(game_id: str, p1: str, p2: str, games: int) -> dict[str, int]:
    command = [sys.executable, "-m", "app", "arena", game_id, "--p1", p1, "--p2", p2]
    command += ["--games", str(games), "--seed", "1", "--json"]
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    found: dict[str, int] = json.loads(out)["wins"]
    return found


def gap(won: int, games: int) -> int:
    """The rating gap that `won` of `games` give the stronger side."""
    low = 1 / (2 * games)
    p = min(max(won / games, low), 1 - low)
    return round(math.sqrt(2) * BETA * math.log(p / (1 - p)))


def calibrate(games: int) -> None:
    table: dict[str, dict[str, int]] = {}
    for game_id in GAME_IDS:
        ratings = {"medium": MEDIUM}
        for weak, strong in (("easy", "medium"), ("medium", "perfect")):
            first, second = wins(game_id, strong, weak, games), wins(game_id, weak, strong, games)
            won = first["1"] + games - second["1"]
            step = gap(won, 2 * games)
            print(f"{game_id}: {strong} beat {weak} {won} of {2 * games}: gap {step}")
            if strong == "medium":
                ratings["easy"] = MEDIUM - step
            else:
                ratings["perfect"] = MEDIUM + step
        table[game_id] = {level: ratings[level] for level in ("easy", "medium", "perfect")}
    print("COMPUTER_RATINGS =", json.dumps(table, indent=4))


def arena_table(games: int) -> None:
    print(
        "| game | perfect as Player 1 vs easy | vs medium | perfect as Player 2 vs easy | vs medium |"
    )
    print("|---|---|---|---|---|")
    for game_id in GAME_IDS:
        cells = [wins(game_id, "perfect", level, games)["1"] for level in ("easy", "medium")]
        cells += [wins(game_id, level, "perfect", games)["2"] for level in ("easy", "medium")]
        print(f"| {game_id} | " + " | ".join(map(str, cells)) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("what", choices=("bank", "calibrate", "arena"))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    if args.what == "bank":
        bank_figures(args.repeats)
    elif args.what == "calibrate":
        calibrate(args.games)
    else:
        arena_table(args.games)


if __name__ == "__main__":
    main()
