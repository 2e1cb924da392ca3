"""Make the shipped bank: `python -m rules.puzzles.make_bank [--per N] [--out FILE]`.

For each game, seeded games of plausible play (`rules.puzzles.generate.candidates`, seeds
0, 1, 2, ...) until the bank holds `--per` puzzles of each difficulty the game offers (or
the seeds run out); at most two positions from one game, no position twice. Each puzzle
is checked against the solver (`rules.puzzles.bank.check`) before it is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules.puzzles.bank import BANK_FILE, check
from rules.puzzles.generate import candidates
from rules.puzzles.model import DIFFICULTIES, Puzzle
from rules.registry import GAME_IDS

#: Seeds tried per game at most.
MAX_SEEDS = 400


def make(game_id: str, per: int) -> list[Puzzle]:
    chosen: dict[str, list[Puzzle]] = {d: [] for d in DIFFICULTIES}
    seen: set[str] = set()
    for seed in range(MAX_SEEDS):
        taken = 0
        for puzzle in candidates(game_id, seed):
            shelf = chosen[puzzle.difficulty]
            if puzzle.id in seen or len(shelf) >= per or taken >= 2:
                continue
            problems = check(puzzle)
            if problems:
                raise AssertionError(f"{puzzle.id}: {problems}")
            seen.add(puzzle.id)
            shelf.append(puzzle)
            taken += 1
        if all(len(shelf) >= per for shelf in chosen.values()):
            break
    return [p for d in DIFFICULTIES for p in chosen[d]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per", type=int, default=20, help="puzzles per game and difficulty")
    parser.add_argument("--games", nargs="*", default=list(GAME_IDS))
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(BANK_FILE))
    args = parser.parse_args(argv)
    rows: list[dict[str, object]] = []
    for game_id in args.games:
        made = make(game_id, args.per)
        counts = {d: sum(p.difficulty == d for p in made) for d in DIFFICULTIES}
        print(f"{game_id}: {len(made)} puzzles {counts}", file=sys.stderr)
        rows.extend(p.to_bank() for p in made)
    text = json.dumps({"version": 1, "puzzles": rows}, ensure_ascii=False, separators=(",", ":"))
    args.out.write_text(text.replace('},{"game"', '},\n{"game"') + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
