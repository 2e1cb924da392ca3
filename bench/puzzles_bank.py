"""The puzzle bank's figures (docs/puzzles.md): its size per game and difficulty, the
median legal and winning moves, the share of wins in one move, and the time to the first
puzzle of a streak and of a storm (a fresh process: Python, the games and the bank).

    python bench/puzzles_bank.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.puzzles.bank import BANK_FILE, bank  # noqa: E402
from rules.puzzles.model import DIFFICULTIES  # noqa: E402
from rules.registry import GAME_IDS  # noqa: E402

FIRST = {
    "streak": "from rules.puzzles.training import Streak; Streak(None).next_puzzle()",
    "storm": "from rules.puzzles.training import Storm; Storm(None).next_puzzle()",
    "python and the games only": "import rules.games",
}


def table() -> list[str]:
    lines = [
        "| game | difficulty | puzzles | median legal | median winning | median choices "
        "| wins in one |",
        "|---|---|---|---|---|---|---|",
    ]
    for game_id in GAME_IDS:
        for difficulty in DIFFICULTIES:
            found = [p for p in bank() if p.game == game_id and p.difficulty == difficulty]
            if not found:
                lines.append(f"| {game_id} | {difficulty} | 0 | | | | |")
                continue
            legal = statistics.median(p.figures.legal for p in found)
            winning = statistics.median(p.figures.winning for p in found)
            choices = statistics.median(p.figures.choices for p in found)
            in_one = sum(p.figures.mover_moves == 1 for p in found)
            lines.append(
                f"| {game_id} | {difficulty} | {len(found)} | {legal:g} | {winning:g} "
                f"| {choices:g} | {in_one} ({100 * in_one / len(found):.0f} %) |"
            )
    for difficulty in DIFFICULTIES:
        found = [p for p in bank() if p.difficulty == difficulty]
        share = sum(p.figures.mover_moves == 1 for p in found) / max(1, len(found))
        lines.append(f"\n{difficulty}: {len(found)} puzzles, wins in one {100 * share:.0f} %")
    size = (ROOT / "rules" / "puzzles" / BANK_FILE).stat().st_size
    lines.append(f"\nbank: {len(bank())} puzzles, {size:,} bytes")
    return lines


def first_puzzle(repeats: int) -> list[str]:
    lines = []
    for name, code in FIRST.items():
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
            times.append(time.perf_counter() - start)
        lines.append(
            f"first puzzle of a {name}: median {statistics.median(times):.2f} s, "
            f"worst {max(times):.2f} s ({repeats} fresh processes)"
            if name != "python and the games only"
            else f"{name}: median {statistics.median(times):.2f} s"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print("\n".join([*table(), "", *first_puzzle(args.repeats)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
