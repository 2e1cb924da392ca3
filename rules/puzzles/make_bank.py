"""Make the shipped bank: `python -m rules.puzzles.make_bank [--per N] [--out FILE]`.

Games can be made apart and joined: `--games fifty --out /tmp/fifty.json`, then
`--join /tmp/*.json`. Every puzzle is checked (`rules.puzzles.bank.check`) before writing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rules.puzzles.bank import BANK_FILE, check
from rules.puzzles.bank_file import DIGEST_SUFFIX, digest
from rules.puzzles.generate import candidates
from rules.puzzles.judge import offered
from rules.puzzles.model import DIFFICULTIES, Puzzle
from rules.registry import GAME_IDS

#: Seeds tried per game at most.
MAX_SEEDS = 20_000
#: Positions taken from one game at most.
PER_GAME = 2


def make(game_id: str, per: int, minutes: float = 60.0, first_seed: int = 0) -> list[Puzzle]:
    wanted = offered(game_id)
    chosen: dict[str, list[Puzzle]] = {d: [] for d in wanted}
    seen: set[str] = set()
    deadline = time.monotonic() + 60 * minutes
    for seed in range(first_seed, first_seed + MAX_SEEDS):
        taken = 0
        for puzzle in candidates(game_id, seed):
            shelf = chosen.get(puzzle.difficulty)
            if shelf is None or puzzle.id in seen or len(shelf) >= per or taken >= PER_GAME:
                continue
            problems = check(puzzle)
            if problems:
                raise AssertionError(f"{puzzle.id}: {problems}")
            seen.add(puzzle.id)
            shelf.append(puzzle)
            taken += 1
        if all(len(shelf) >= per for shelf in chosen.values()) or time.monotonic() > deadline:
            break
    return [p for d in DIFFICULTIES for p in chosen.get(d, [])]


def order_of(row: dict[str, Any]) -> int:
    difficulty = row.get("difficulty")
    return DIFFICULTIES.index(difficulty) if difficulty in DIFFICULTIES else len(DIFFICULTIES)


def write(rows: list[dict[str, Any]], out: Path) -> None:
    """The bank, and beside it its digest: every puzzle in it was checked (`make`), so
    the app reads it without replaying them (`rules.puzzles.bank_file`)."""
    text = json.dumps({"version": 2, "puzzles": rows}, ensure_ascii=False, separators=(",", ":"))
    text = text.replace('},{"game"', '},\n{"game"') + "\n"
    out.write_text(text, encoding="utf-8")
    out.with_name(out.name + DIGEST_SUFFIX).write_text(digest(text) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per", type=int, default=100, help="puzzles per game and difficulty")
    parser.add_argument("--games", nargs="*", default=list(GAME_IDS))
    parser.add_argument("--minutes", type=float, default=60.0, help="time per game at most")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(BANK_FILE))
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed played")
    parser.add_argument("--join", nargs="*", type=Path, help="join banks made apart")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    if args.join:
        seen: set[str] = set()
        shelves: dict[tuple[str, str], int] = {}
        for path in args.join:
            for row in json.loads(path.read_text(encoding="utf-8"))["puzzles"]:
                shelf = (row["game"], row["difficulty"])
                if row["id"] in seen or shelves.get(shelf, 0) >= args.per:
                    continue
                seen.add(row["id"])
                shelves[shelf] = shelves.get(shelf, 0) + 1
                rows.append(row)
        order = {game_id: n for n, game_id in enumerate(GAME_IDS)}
        rows.sort(key=lambda row: (order.get(row["game"], len(order)), order_of(row)))
        write(rows, args.out)
        return 0
    for game_id in args.games:
        made = make(game_id, args.per, args.minutes, args.first_seed)
        counts = {d: sum(p.difficulty == d for p in made) for d in DIFFICULTIES}
        print(f"{game_id}: {len(made)} puzzles {counts}", file=sys.stderr)
        rows.extend(p.to_bank() for p in made)
    write(rows, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
