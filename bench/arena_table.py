"""The README's table: the perfect player against easy and medium, both seats, every game.

    python bench/arena_table.py [--games 20] [--seed 1]

Runs `equation-duel arena` for each cell and prints a Markdown table of the
perfect player's wins.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

sys.path.insert(0, ".")

from rules.registry import GAME_IDS


def perfect_wins(game_id: str, p1: str, p2: str, games: int, seed: int) -> int:
    command = [sys.executable, "-m", "app", "arena", game_id, "--p1", p1, "--p2", p2]
    command += ["--games", str(games), "--seed", str(seed), "--json"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    wins = json.loads(out)["wins"]
    return int(wins["1"] if p1 == "perfect" else wins["2"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        "| game | perfect as Player 1 vs easy | vs medium | perfect as Player 2 vs easy | vs medium |"
    )
    print("|---|---|---|---|---|")
    for game_id in GAME_IDS:
        cells = [
            perfect_wins(game_id, "perfect", "easy", args.games, args.seed),
            perfect_wins(game_id, "perfect", "medium", args.games, args.seed),
            perfect_wins(game_id, "easy", "perfect", args.games, args.seed),
            perfect_wins(game_id, "medium", "perfect", args.games, args.seed),
        ]
        print(f"| {game_id} | " + " | ".join(map(str, cells)) + " |", flush=True)


if __name__ == "__main__":
    main()
