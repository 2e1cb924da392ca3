"""The data folder's other files, tampered with (issue 29), for the corruption campaign
(tests/campaigns/save_corruption.py runs these targets after its own):

- settings.json: odd files (FIFO, folder, links to devices, a sparse 3 GB file) and
  corrupt JSON, read by the settings (each read in a thread: one that does not return
  within `HANG_SECONDS` is a hang);
- the statistics database changed by hand (tests/campaigns/stats_corruption.py);
- the puzzle bank changed (tests/campaigns/bank_corruption.py);
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
    from app.store import settings
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


# --save beside hidden files the app did not write.


def against_save_temporaries(rng: random.Random, count: int, scratch: Path) -> HangTally:
    from app.cli.main import main
    from app.store.storage import load_record

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
    from tests.campaigns.bank_corruption import against_bank
    from tests.campaigns.stats_corruption import against_statistics

    rng = random.Random(f"folder:{seed}")
    return [
        against_settings(rng, count, scratch, odd),
        against_statistics(rng, count, scratch),
        against_bank(rng, count, scratch, odd),
        against_save_temporaries(rng, count, scratch),
    ]
