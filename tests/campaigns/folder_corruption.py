"""The data folder's other files, tampered with (issue 29), for the corruption campaign
(tests/campaigns/save_corruption.py runs these targets after its own):

- settings.json: odd files (FIFO, folder, links to devices, a sparse 3 GB file) and
  corrupt JSON, read by the settings (each read in a thread: one that does not return
  within `HANG_SECONDS` is a hang);
- the statistics database: rows of `games`, `ratings`, `puzzle_results` and the version
  tables changed by hand, then the statistics and ratings read, a game and a puzzle
  counted, and a plain game finished with `--save` (its record must be written);
- the puzzle bank: bytes and entries changed, then loaded, every puzzle put in words,
  the daily puzzle and a pick for each game (a day with none must say so);
- `--save FILE` beside hidden files the app did not write: those must stay as they are,
  only the app's own stale temporary files go, and the record honours the umask.

Each target's tally: tried, crashes, hangs, losses (a file changed or lost, a game not
counted, a good bank entry dropped) — printed by `table`.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.campaigns import Tally

#: A call that has not returned after this long is counted as a hang.
HANG_SECONDS = 10.0


@dataclass
class HangTally(Tally):
    """A tally that counts hangs too."""

    hangs: int = 0

    def hang(self, text: str) -> None:
        self.hangs += 1
        self.problems.append(f"hang: {text}")

    def line(self) -> str:
        """The shared table's line (tests.campaigns.table): the hangs in the notes."""
        return (
            f"{self.what:<44} {self.tried:>7} {self.crashes:>7} {self.losses:>7}"
            f"   (hangs {self.hangs}; {self.labels[0]} {self.refused}, "
            f"{self.labels[1]} {self.loaded})"
        )

    def row(self) -> str:
        """This campaign's own line: tried, crashes, hangs, lost."""
        return (
            f"{self.what:<44} {self.tried:>7} {self.crashes:>7} {self.hangs:>7} {self.losses:>7}"
            f"   ({self.labels[0]} {self.refused}, {self.labels[1]} {self.loaded})"
        )


def table(tallies: list[Tally]) -> str:
    """tried / crashes / hangs / lost, one line per tally (hangs 0 where none are timed)."""
    head = f"{'what was tried':<44} {'tried':>7} {'crashes':>7} {'hangs':>7} {'lost':>7}"
    lines = [head, *(_row(t) for t in tallies)]
    for tally in tallies:
        lines += [f"  {problem}" for problem in tally.problems[:20]]
    return "\n".join(lines)


def bounded(call: Callable[[], Any]) -> tuple[str, Any]:
    """Run `call` in a thread: ("done", result), ("raised", error) or ("hang", None)."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["done"] = call()
        except BaseException as error:  # reported to the caller
            box["raised"] = error

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(HANG_SECONDS)
    if thread.is_alive():
        return "hang", None
    if "raised" in box:
        return "raised", box["raised"]
    return "done", box.get("done")


def _row(tally: Tally) -> str:
    if isinstance(tally, HangTally):
        return tally.row()
    return (
        f"{tally.what:<44} {tally.tried:>7} {tally.crashes:>7} {0:>7} {tally.losses:>7}"
        f"   ({tally.labels[0]} {tally.refused}, {tally.labels[1]} {tally.loaded})"
    )


# settings.json


def against_settings(rng: random.Random, count: int, scratch: Path, odd: list[Any]) -> HangTally:
    from app import settings
    from tests.campaigns.save_corruption import SPECIAL, remove, write_case

    tally = HangTally("settings.json: odd files and corrupt JSON")
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = json.dumps({"theme": "nord", "names": ["Ann", "Bob"]}).encode()
    specials = sorted(SPECIAL)
    for number in range(count):
        if number % 4 == 0:
            what: str = specials[(number // 4) % len(specials)]
            case: bytes | str = what
        else:
            what, case = "JSON", _settings_bytes(rng, good, odd)
        write_case(path, case, scratch)
        if what == "sparse 9 MB file":
            with path.open("r+b") as file:
                file.truncate(3 * 1024**3)
        before = fingerprint(path)
        tally.tried += 1
        outcome, found = bounded(settings.read)
        if outcome == "hang":
            tally.hang(f"{what}: settings.read() did not return")
        elif outcome == "raised":
            tally.crash(f"{what}: {type(found).__name__}: {found}")
        else:
            values, problem = found
            if not _valid_settings(values):
                tally.crash(f"{what}: read {values!r:.200}")
            elif problem is None:
                tally.loaded += 1
            elif "\x1b" in problem or "\n" in problem:
                tally.crash(f"{what}: the problem carries terminal codes: {problem!r:.200}")
            else:
                tally.refused += 1
        if fingerprint(path) != before:
            tally.loss(f"{what}: settings.json changed by reading it")
        remove(path)
    tally.labels = ("defaults, said why", "read")
    return tally


def fingerprint(path: Path) -> tuple[Any, ...]:
    """What must not change; a large (sparse) file by its size and times, unread."""
    from tests.campaigns.save_corruption import fingerprint as small_fingerprint

    with contextlib.suppress(OSError):
        info = os.lstat(path)
        if stat.S_ISREG(info.st_mode) and info.st_size > 1 << 20:
            return ("large", info.st_size, info.st_mtime_ns)
    return small_fingerprint(path)


def _settings_bytes(rng: random.Random, good: bytes, odd: list[Any]) -> bytes:
    kind = rng.randrange(4)
    if kind == 0:
        return good[: rng.randrange(len(good))]
    if kind == 1:
        flipped = bytearray(good)
        flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        return bytes(flipped)
    if kind == 2:
        key = rng.choice(["theme", "names", "other"])
        return json.dumps({key: rng.choice(odd)}).encode()
    return rng.choice([b"[" * 100_000, b"\xff\xfe", b"null", b'"text"', b"{}" * 3])


def _valid_settings(values: object) -> bool:
    if not isinstance(values, dict) or not set(values) <= {"theme", "names"}:
        return False
    theme, names = values.get("theme", ""), values.get("names", ["", ""])
    return (
        isinstance(theme, str)
        and isinstance(names, list)
        and len(names) == 2
        and all(isinstance(n, str) for n in names)
    )


# The statistics database.

_TABLES: dict[str, tuple[str, ...]] = {
    "games": ("p1_name", "p2_name", "winner", "moves", "duration", "p1_kind", "game"),
    "ratings": ("player", "board", "mu", "sigma", "won"),
    "puzzle_results": ("player", "solved", "rated", "daily", "difficulty"),
    "schema_version": ("version",),
    "ratings_version": ("version",),
}
#: The version tables are picked less often (a bad version refuses the whole database).
_TABLE_CHOICES = (
    ["games"] * 4
    + ["ratings"] * 4
    + ["puzzle_results"] * 4
    + [
        "schema_version",
        "ratings_version",
    ]
)
_SQL_VALUES = [
    "'lots'",
    "9e999",
    "-9e999",
    "1e300",
    "-1",
    "0",
    "7",
    "0.5",
    "X'00FF'",
    "''",
    "char(27) || ']0;owned' || char(7) || 'Eve'",
    "char(27) || '[2J'",
    "'chess'",
    "1500",
]


def _finished_game(names: tuple[str, str], record_id: str) -> Any:
    from rules.records import players_of, record_from_moves

    record = record_from_moves("conquest", None, ["6", "2", "3"], players_of(names))
    return record.model_copy(update={"id": record_id})


def _fresh_database() -> None:
    from app.ratings import record_game, record_puzzle
    from app.ratings_db import open_ratings
    from app.stats import stats_path
    from rules.puzzles.bank import puzzles_of

    with contextlib.suppress(FileNotFoundError):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{stats_path()}{suffix}").unlink()
    for number, names in enumerate((("Ann", "Bob"), ("Bob", "Cy"), ("Ann", "Cy"))):
        record_game(_finished_game(names, f"base-{number}"))
    conn = open_ratings()
    try:
        for puzzle in puzzles_of("fifty")[:2]:
            record_puzzle(conn, "Ann", puzzle, solved=True, rated=True, daily="2026-01-31")
        conn.execute("PRAGMA writable_schema = ON")
        for check in ("CHECK (winner IN (1, 2))", "CHECK (won IN (0, 1))"):
            conn.execute("UPDATE sqlite_master SET sql = replace(sql, ?, '')", (check,))
        for check in ("CHECK (solved IN (0, 1))", "CHECK (rated IN (0, 1))"):
            conn.execute("UPDATE sqlite_master SET sql = replace(sql, ?, '')", (check,))
    finally:
        conn.close()


def _tamper(rng: random.Random) -> str:
    from app.stats import stats_path

    conn = sqlite3.connect(stats_path())
    done = []
    try:
        for _ in range(rng.randint(1, 3)):
            table = rng.choice(_TABLE_CHOICES)
            column = rng.choice(_TABLES[table])
            value = rng.choice(_SQL_VALUES)
            with contextlib.suppress(sqlite3.Error):  # a NOT NULL kept: the edit is refused
                with conn:
                    conn.execute(
                        f"UPDATE {table} SET {column} = {value} "
                        f"WHERE rowid = (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)"
                    )
                done.append(f"{table}.{column} = {value}")
    finally:
        conn.close()
    return "; ".join(done) or "nothing"


def against_statistics(rng: random.Random, count: int, scratch: Path) -> HangTally:
    from app.stats import StatsError

    tally = HangTally("statistics: rows and versions changed by hand")
    fresh = True
    for number in range(count):
        if fresh or number % 20 == 0:
            _fresh_database()
        what = _tamper(rng)
        tally.tried += 1
        started = time.monotonic()
        try:
            outcome = _use_statistics(number, scratch)
        except StatsError:
            outcome = "refused"
        except BaseException as error:  # the campaign counts it
            tally.crash(f"{what}: {type(error).__name__}: {error}")
            continue
        if time.monotonic() - started > HANG_SECONDS:
            tally.hang(f"{what}: {time.monotonic() - started:.1f} s")
        fresh = outcome != "ok"  # a refused database is made anew for the next case
        if outcome == "refused":
            tally.refused += 1
        elif outcome == "ok":
            tally.loaded += 1
        else:
            tally.loss(f"{what}: {outcome}")
    tally.labels = ("said it cannot", "read and counted")
    return tally


def _use_statistics(number: int, scratch: Path) -> str:
    """Read everything, count a game and a puzzle, finish a plain game with --save:
    "ok", "refused" (a StatsError raised), or what was lost."""
    from app.cli import main
    from app.ratings import record_game, record_puzzle
    from app.ratings_db import open_ratings
    from app.ratings_view import format_ratings, ratings_summary
    from app.stats import format_summary, summary
    from rules.puzzles.bank import puzzles_of

    text = format_summary(summary()) + format_ratings(ratings_summary())
    if "\x1b" in text or "\x07" in text:
        return "terminal codes in the statistics' text"
    before = summary().games
    record_game(_finished_game(("Ann", "Bob"), f"new-{number}"))
    if summary().games != before + 1:
        return "a game counted but not in the statistics"
    conn = open_ratings()
    try:
        record_puzzle(conn, "Ann", puzzles_of("template")[0], solved=bool(number % 2), rated=True)
    finally:
        conn.close()
    if number % 5 == 0:  # a plain game: its --save record is written whatever the database
        save = scratch / "plain.json"
        with contextlib.suppress(FileNotFoundError):
            save.unlink()
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        try:
            sys.stdin = io.StringIO("6\n2\n3\n")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                argv = ["play", "--plain", "conquest", "--p1-name", "Ann", "--p2-name", "Bob"]
                code = main([*argv, "--save", str(save)])
        finally:
            sys.stdin = stdin
        if code != 0 or not save.is_file():
            return f"play --plain --save: exit {code}, saved {save.is_file()}"
    return "ok"


# The puzzle bank.


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

    from app.puzzle_cli import puzzle_text
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


# --save beside hidden files the app did not write.


def against_save_temporaries(rng: random.Random, count: int, scratch: Path) -> HangTally:
    from app.cli import main
    from app.storage import load_record

    tally = HangTally("--save: hidden files it did not write")
    folder = scratch / "saves-beside"
    folder.mkdir(exist_ok=True)
    dead = 2**22 + 4321  # above the usual pid_max: no such process
    for number in range(count):
        for old in folder.iterdir():
            old.unlink()
        target = folder / "game.json"
        theirs = {
            folder / name: os.urandom(8)
            for name in (
                f".game.json.{rng.randrange(10**6)}.{rng.getrandbits(32):08x}.tmp",
                f".game.json.{rng.getrandbits(40):x}.tmp",
                f".game.json.equation-duel-{dead}-{rng.getrandbits(32):08x}.tmp.bak",
                f".game.json.equation-duel-x{dead}-{rng.getrandbits(32):08x}.tmp",
                f".other.json.equation-duel-{dead}-{rng.getrandbits(32):08X}.tmp",
                ".game.json.tmp",
            )
        }
        ancient = time.time() - 10 * 3600
        for path, data in theirs.items():
            path.write_bytes(data)
            os.utime(path, (ancient, ancient))
        ours = folder / f".game.json.equation-duel-{dead}-{rng.getrandbits(32):08x}.tmp"
        ours.write_bytes(b"half")
        umask = rng.choice([0o022, 0o077, 0o002, 0o027])
        tally.tried += 1
        before = os.umask(umask)
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        try:
            sys.stdin = io.StringIO("6\n2\n3\n" if number % 2 else "2\n")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["play", "--plain", "conquest", "--save", str(target)])
        except BaseException as error:  # the campaign counts it
            tally.crash(f"{type(error).__name__}: {error}")
            continue
        finally:
            os.umask(before)
            sys.stdin = stdin
        changed = [p.name for p, data in theirs.items() if not p.exists() or p.read_bytes() != data]
        if changed:
            tally.loss(f"hidden files removed or changed: {changed}")
        if ours.exists():
            tally.loss(f"the app's own stale temporary file stayed: {ours.name}")
        if code != 0 or not target.is_file():
            tally.crash(f"exit {code}: {err.getvalue()[:200]!r}")
            continue
        mode = stat.S_IMODE(target.stat().st_mode)
        if mode != 0o666 & ~umask or load_record(target).game != "conquest":
            tally.loss(f"umask {umask:o}: the record's mode is {mode:o}")
        else:
            tally.loaded += 1
    tally.labels = ("not saved", "saved, nothing else touched")
    return tally


def run_all(seed: int, count: int, scratch: Path, odd: list[Any]) -> list[HangTally]:
    """Every target of this module, `count` cases each (the data folder is set)."""
    rng = random.Random(f"folder:{seed}")
    return [
        against_settings(rng, count, scratch, odd),
        against_statistics(rng, count, scratch),
        against_bank(rng, count, scratch, odd),
        against_save_temporaries(rng, count, scratch),
    ]
