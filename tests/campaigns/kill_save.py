"""The kill-during-save campaign (issue 10): a process saves two different records over
the same files again and again and is killed (SIGKILL) at a random moment. Afterwards
each file must be the old or the new record, complete; the temporary files the killed
save left must be gone after the next start (`app.store.data_folder.clean_stale_temporaries`,
which the full screen and the plain mode call when they start; the last round starts
the real program to show it).

    python -m tests.campaigns.kill_save --seed 1 --count 300
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.campaigns import Tally, seeded_main


def _records() -> tuple[object, object]:
    from rules.records import players_of, record_from_moves

    old = record_from_moves("conquest", None, ["4"], players_of(("Ann", "Bob")))
    moves = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2"]
    new = record_from_moves("template", None, moves, players_of(("Cid", "Dee" * 10)))
    return old, new


def _saver(targets: list[Path], records: tuple[object, object]) -> None:
    """The child: save the two records in turn over every target, until killed."""
    from app.store.storage import save_record

    turn = 0
    while True:
        for target in targets:
            save_record(records[turn % 2], target)  # type: ignore[arg-type]
        turn += 1


def _temporaries(folders: list[Path]) -> list[Path]:
    return [p for folder in folders for p in folder.glob(".*.tmp")]


def run(seed: int, count: int, real_start: bool = True) -> list[Tally]:
    from app.store.data_folder import autosave_path, clean_stale_temporaries, saves_dir
    from rules.record_json import to_json

    rng = random.Random(seed)
    kills = Tally("kill -9 during a save (2 files each)", labels=("-", "files whole"))
    starts = Tally("next start: stray temporary files", labels=("removed", "-"))
    records = _records()
    texts = {to_json(r).encode() for r in records}  # type: ignore[arg-type]
    old_env = os.environ.get("EQUATION_DUEL_DATA")
    with tempfile.TemporaryDirectory(prefix="kill-save-") as folder:
        data = Path(folder) / "data"
        os.environ["EQUATION_DUEL_DATA"] = str(data)
        try:
            saves_dir().mkdir(parents=True)
            targets = [autosave_path(), saves_dir() / "game.json"]
            for target in targets:
                target.write_bytes(to_json(records[0]).encode())  # type: ignore[arg-type]
            folders = [data, saves_dir()]
            left_behind = 0
            for number in range(count):
                pid = os.fork()
                if pid == 0:  # the child saves until it is killed
                    try:
                        _saver(targets, records)
                    finally:
                        os._exit(0)
                time.sleep(rng.uniform(0.0, 0.03))
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                kills.tried += 1
                for target in targets:
                    try:
                        content = target.read_bytes()
                    except OSError as error:
                        kills.loss(f"kill {number}: {target.name} unreadable: {error}")
                        continue
                    if content in texts:
                        kills.loaded += 1
                    else:
                        kills.loss(f"kill {number}: {target.name} is neither record whole")
                stray = _temporaries(folders)
                left_behind += len(stray)
                last = number == count - 1
                if last and real_start:  # the real program starting cleans them
                    starts.tried += 1
                    done = subprocess.run(
                        [sys.executable, "-m", "app", "play", "conquest", "--plain"],
                        input="",
                        capture_output=True,
                        text=True,
                        timeout=120,
                    )
                    if done.returncode != 0 or "Traceback" in done.stderr:
                        starts.crash(f"start: exit {done.returncode}: {done.stderr[-300:]}")
                else:
                    starts.tried += 1
                    clean_stale_temporaries()
                remaining = _temporaries(folders)
                if remaining:
                    starts.loss(f"after kill {number}: {[p.name for p in remaining]}")
                else:
                    starts.refused += len(stray)  # removed
        finally:
            if old_env is None:
                os.environ.pop("EQUATION_DUEL_DATA", None)
            else:
                os.environ["EQUATION_DUEL_DATA"] = old_env
    starts.labels = (f"left by the kills {left_behind}, removed", "-")
    return [kills, starts]


def main(argv: list[str] | None = None) -> int:
    return seeded_main(__doc__, run, 300, "kills", argv)


if __name__ == "__main__":
    sys.exit(main())
