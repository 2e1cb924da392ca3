"""Puzzle and computer-level figures.

    python bench/puzzles.py bank [--repeats 5]
    python bench/puzzles.py calibrate [--games 20]
    python bench/puzzles.py arena [--games 20]

`bank` (docs/puzzles.md): per game and difficulty the puzzles, median legal, winning and
choice moves, wins in one; the bank read and checked (median, first); the first puzzle of
a streak and a storm in a fresh process, next to Python and the games alone. `calibrate`:
`equation-duel arena` easy v medium and medium v perfect, `--games` in each seat, the win
rate p (within [1/(2n), 1 − 1/(2n)]) as a gap of √2·β·ln(p / (1 − p)) on openskill's
scale, medium at 1500: app/store/ratings.py's `COMPUTER_RATINGS`. `arena`: the README's
table, the perfect player's wins against easy and medium in both seats (docs/solver.md).
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import time

import harness as h

from rules.puzzles.bank import BANK_FILE, bank
from rules.puzzles.bank_file import read_bank
from rules.puzzles.model import DIFFICULTIES
from rules.registry import GAME_IDS, get_game

FIRST = {
    "a streak's first puzzle": "from rules.puzzles.training import Streak; Streak(None).next_puzzle()",
    "a storm's first puzzle": "from rules.puzzles.training import Storm; Storm(None).next_puzzle()",
    "python and the games only": "import rules.games",
}
BETA, MEDIUM = 175.0, 1500  # openskill's scale as app.store.ratings sets it up (β = σ / 2)


def bank_figures(repeats: int) -> None:
    h.table(
        "game | difficulty | puzzles | median legal | median winning | median choices | wins in one"
    )
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
    size = (h.ROOT / "rules" / "puzzles" / BANK_FILE).stat().st_size
    print(f"\nbank: {len(bank())} puzzles, {size:,} bytes")
    for game_id in GAME_IDS:
        get_game(game_id)
    reads = []
    for _ in range(repeats):
        started = time.perf_counter()
        read_bank(h.ROOT / "rules" / "puzzles" / BANK_FILE)
        reads.append(time.perf_counter() - started)
    median, first = statistics.median(reads) * 1000, reads[0] * 1000
    print(f"read and checked: median {median:.0f} ms, first {first:.0f} ms")
    for name, code in FIRST.items():
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], cwd=h.ROOT, check=True)
            times.append(time.perf_counter() - start)
        median, worst = statistics.median(times), max(times)
        print(f"{name} (fresh processes): median {median:.2f} s, worst {worst:.2f} s")


def wins(game_id: str, p1: str, p2: str, games: int) -> dict[str, int]:
    command = [sys.executable, "-m", "app", "arena", game_id, "--p1", p1, "--p2", p2]
    command += ["--games", str(games), "--seed", "1", "--json"]
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=h.ROOT).stdout
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
    h.table(
        "game | perfect as Player 1 vs easy | vs medium | perfect as Player 2 vs easy | vs medium"
    )
    for game_id in GAME_IDS:
        cells = [wins(game_id, "perfect", level, games)["1"] for level in ("easy", "medium")]
        cells += [wins(game_id, level, "perfect", games)["2"] for level in ("easy", "medium")]
        print(f"| {game_id} | " + " | ".join(map(str, cells)) + " |", flush=True)


def main() -> None:
    parser = h.arguments(__doc__)
    parser.add_argument("what", choices=("bank", "calibrate", "arena"))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    if args.what == "bank":
        bank_figures(args.repeats)
    else:
        (calibrate if args.what == "calibrate" else arena_table)(args.games)


if __name__ == "__main__":
    main()
