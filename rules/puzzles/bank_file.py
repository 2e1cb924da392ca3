"""Reading the puzzle bank's file, checked entry by entry (`read_bank`).

A bank that cannot be read at all is empty with its `problem` in words; an entry that is
not a sound-looking puzzle (a wrong key or value, an unknown game, options or difficulty,
an illegal move, a finished position, an illegal solution) is left out and counted. Only
the solver can prove a solution (`bank.check`).

Replaying every entry takes about half a second for the shipped bank's 1,273 puzzles (the
first puzzle waited for it, and the puzzles menu's frames with it, issue 37). The shipped
bank is the one the solver checked as it was made (`make_bank`) and the tests check again,
so a bank whose SHA-256 is the one written beside it (`DIGEST_SUFFIX`) is read without
replaying its entries; any other bank, and the same bank changed, is replayed entry by entry.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.puzzles.model import DIFFICULTIES, Puzzle
from rules.registry import GAME_IDS, get_game
from rules.safe_files import UnsafeFile, read_file_text

#: A bank file larger than this is not read (the shipped one is about 50 KB).
MAX_BANK_BYTES = 8 * 1024 * 1024
#: Entries read at most (the rest are counted as skipped).
MAX_ENTRIES = 20_000
_COUNTS = ("legal", "winning", "plies", "choices")
#: Beside a bank `bank.json`, `bank.json.sha256` holds its checked contents' digest.
DIGEST_SUFFIX = ".sha256"


@dataclass(frozen=True)
class Bank:
    """The puzzles that passed the check, how many entries were left out, and why the
    whole file could not be used (None when it could)."""

    puzzles: tuple[Puzzle, ...]
    skipped: int = 0
    problem: str | None = None


def read_bank(path: Path | str) -> Bank:
    """The bank in the file at `path`, each entry checked (see the module's notes)."""
    try:
        text = read_file_text(path, MAX_BANK_BYTES, "puzzle bank")
    except UnsafeFile as error:
        return Bank((), 0, f"the puzzle bank cannot be read: {error.problem}")
    return bank_from_text(text, replay=digest(text) != _digest_beside(Path(path)))


def digest(text: str) -> str:
    """The digest `make_bank` writes beside the bank it made."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _digest_beside(path: Path) -> str | None:
    try:
        return read_file_text(path.with_name(path.name + DIGEST_SUFFIX), 1024, "digest").strip()
    except UnsafeFile:
        return None


def bank_from_text(text: str, *, replay: bool = True) -> Bank:
    """The bank in `text` (the file's contents), each entry checked (without `replay`,
    a bank checked as it was made: each entry's moves are not replayed)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Bank((), 0, "the puzzle bank is not valid JSON")
    rows = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        return Bank((), 0, 'the puzzle bank has no list of "puzzles"')
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for row in rows[:MAX_ENTRIES]:
        puzzle = puzzle_of(row, replay=replay)
        if puzzle is not None and (found := puzzle.id) not in seen:  # (a digest: once)
            seen.add(found)
            puzzles.append(puzzle)
    return Bank(tuple(puzzles), len(rows) - len(puzzles))


def puzzle_of(row: object, *, replay: bool = True) -> Puzzle | None:
    """The entry as a Puzzle, or None when it is not one (see the module's notes)."""
    if not isinstance(row, dict) or not _well_formed(row):
        return None
    try:
        puzzle = Puzzle.from_bank(row)
        return puzzle if not replay or _playable(puzzle) else None
    except Exception:  # the game's own rules refuse the entry, whatever the reason
        return None


def puzzle_from_json(text: object) -> Puzzle | None:
    """A puzzle kept or sent as JSON text (a stored row, a hub's message), or None when
    it is not one."""
    try:
        return puzzle_of(json.loads(text)) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return None


def _well_formed(row: dict[str, Any]) -> bool:
    texts = (row.get("moves"), row.get("solution"))
    return (
        row.get("game") in GAME_IDS
        and isinstance(row.get("options"), dict)
        and all(isinstance(t, list) and all(isinstance(m, str) for m in t) for t in texts)
        and bool(row.get("solution"))
        and row.get("to_move") in (1, 2)
        and not isinstance(row.get("to_move"), bool)
        and row.get("difficulty") in DIFFICULTIES
        and all(_count(row.get(key)) for key in _COUNTS)
        and _count(row.get("legal_choices", 0))  # (a puzzle kept for review before it had one)
    )


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**6


def _playable(puzzle: Puzzle) -> bool:
    """The position replays, is not over, has the right player to move, and every move
    of the solution is legal in it."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    if game.is_over(state) or game.to_move(state) != puzzle.to_move:
        return False
    for move in puzzle.solution:
        game.play_text(state, move)  # raises for an illegal move
    return True
