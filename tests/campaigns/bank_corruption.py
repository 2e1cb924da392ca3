"""The puzzle bank changed (issue 29): a target of the corruption campaign
(tests/campaigns/folder_corruption.py runs it). Bytes and entries of a sample of the
shipped bank are changed, then it is loaded, every puzzle put in words (never a
finished one), and days and picks asked for (a day with none must say so); entries
left untouched must survive. The bank file as a FIFO, a folder or a device is refused."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

from tests.campaigns.folder_corruption import HangTally, bounded


def against_bank(rng: random.Random, count: int, scratch: Path, odd: list[Any]) -> HangTally:
    from rules.puzzles.bank_file import read_bank
    from tests.campaigns.save_corruption import SPECIAL, remove, write_case

    tally = HangTally("puzzle bank: bytes and entries changed")
    shipped = Path(__file__).parents[2] / "rules" / "puzzles" / "bank.json"
    rows: list[dict[str, Any]] = json.loads(shipped.read_text("utf-8"))["puzzles"]
    path = scratch / "bank.json"
    specials = sorted(SPECIAL)
    for number in range(count):
        sample = [dict(row) for row in rng.sample(rows, 30)]
        tally.tried += 1
        if number % 10 == 9:
            what = specials[(number // 10) % len(specials)]
            write_case(path, what, scratch)
            outcome, found = bounded(lambda: read_bank(path))
            remove(path)
            if outcome == "hang":
                tally.hang(f"{what}: read_bank did not return")
            elif outcome == "raised":
                tally.crash(f"{what}: {type(found).__name__}: {found}")
            elif found.puzzles or not found.problem:
                tally.crash(f"{what}: read as a bank")
            else:
                tally.refused += 1
            continue
        what, text, kept = _bank_case(rng, sample, odd)
        try:
            problem = _use_bank(text, kept)
        except BaseException as error:  # the campaign counts it
            tally.crash(f"{what}: {type(error).__name__}: {error}")
            continue
        if problem:
            tally.loss(f"{what}: {problem}")
        else:
            tally.loaded += 1
    tally.labels = ("refused whole", "loaded, bad entries left out")
    return tally


def _bank_case(
    rng: random.Random, sample: list[dict[str, Any]], odd: list[Any]
) -> tuple[str, str, set[str]]:
    """(what was done, the bank's text, the ids of entries left untouched)."""
    text = json.dumps({"version": 1, "puzzles": sample})
    kind = rng.randrange(3)
    if kind == 0:
        flipped = bytearray(text.encode())
        for _ in range(rng.randint(1, 5)):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(7)
        return "bit flips", flipped.decode("utf-8", "replace"), set()
    if kind == 1:
        return "truncation", text[: rng.randrange(len(text))], set()
    touched = rng.sample(range(len(sample)), rng.randint(1, 10))
    for index in touched:
        row = sample[index]
        edit = rng.randrange(6)
        if edit == 0:
            del row[rng.choice(sorted(row))]
        elif edit == 1:
            row[rng.choice(sorted(row))] = rng.choice(odd)
        elif edit == 2:
            row["difficulty"] = rng.choice(["fiendish", "", None, "EASY"])
        elif edit == 3:
            row["moves"] = [*row["moves"], rng.choice(["0", "99", "x", *row["solution"]])]
        elif edit == 4:
            row["moves"] = row["moves"][: rng.randrange(len(row["moves"]) + 1)]
        else:
            row["solution"] = rng.choice([[], ["no move"], row["solution"][:1]])
    kept = {str(r["id"]) for i, r in enumerate(sample) if i not in touched}
    if rng.random() < 0.2:  # a game with no puzzles at all: its days say so
        game = rng.choice(sorted({str(row.get("game")) for row in sample}))
        kept -= {str(row.get("id")) for row in sample if row.get("game") == game}
        sample = [row for row in sample if row.get("game") != game]
    return "entries edited", json.dumps({"puzzles": sample}), kept


def _use_bank(text: str, kept: set[str]) -> str:
    """Load the bank, word every puzzle, ask for days and picks: what went wrong, or ""."""
    import datetime as dt

    from app.plain.puzzle_lines import puzzle_text
    from rules.puzzles import bank as bank_module
    from rules.puzzles.bank import NoPuzzle, daily, pick
    from rules.puzzles.bank_file import bank_from_text
    from rules.registry import GAME_IDS, get_game

    found = bank_from_text(text)
    ids = {p.id for p in found.puzzles}
    if not kept <= ids:
        return f"{len(kept - ids)} good entries dropped"
    for puzzle in found.puzzles:
        lines = puzzle_text(puzzle)
        if get_game(puzzle.game).is_over(puzzle.state()):
            return f"{puzzle.id}: a finished position was loaded"
        if not lines[-1].endswith("to move and win."):
            return f"{puzzle.id}: {lines[-1]!r}"
    real = bank_module.loaded
    bank_module.loaded = lambda: found  # type: ignore[assignment]
    try:
        for day in range(5):
            with contextlib.suppress(NoPuzzle):
                daily(dt.date(2026, 1, 1) + dt.timedelta(days=day))
        for game_id in GAME_IDS:
            with contextlib.suppress(NoPuzzle):
                pick(game_id, 1)
    finally:
        bank_module.loaded = real  # type: ignore[method-assign]
    return ""
