"""How long loading and checking the shipped puzzle bank takes (rules.puzzles.bank_file),
once the games are imported: the median of a few reads.

    python bench/bank_load.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, ".")

from rules.puzzles.bank_file import read_bank
from rules.registry import GAME_IDS, get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    for game_id in GAME_IDS:
        get_game(game_id)
    path = Path("rules/puzzles/bank.json")
    times = []
    for _ in range(args.repeats):
        started = time.perf_counter()
        found = read_bank(path)
        times.append(time.perf_counter() - started)
    print(
        f"{len(found.puzzles)} puzzles, {found.skipped} left out: "
        f"median {statistics.median(times) * 1000:.0f} ms, first {times[0] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
