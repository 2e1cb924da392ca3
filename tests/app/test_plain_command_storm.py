"""A storm of the line mode's commands and moves in words (issue 26), for every game.

Random lines drawn from the commands (help, board, last, moves, hint, undo, clock, rules,
save, quit and its answers), moves in words (`take 7`, `6 times 7`, `7 in my second
slot`, `plus 5`), notation and junk, ending anywhere. Every run must end with exit 0, no
exception, linear text (the transcript check of tests/plain/transcripts.py), and the
game saved with `--save`: a record that loads and replays. Each run is bounded in time
(an alarm turns a hang into a failure, counted as such). `pytest -m soak`
(`PLAIN_COMMAND_STORM_RUNS=N` runs per game, 150 by default) prints the table.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from app.store.storage import LoadError
from rules.registry import GAME_IDS
from tests.app.test_plain_storm import GOOD, JUNK, run_once

COMMANDS = [b"help", b"board", b"last", b"moves", b"undo", b"takeback", b"clock", b"rules",
            b"save", b"quit", b"no", b"yes", b"HELP", b"take back", b"hint"]  # fmt: skip
WORDS: dict[str, list[bytes]] = {
    "collect": [b"take 7", b"pick three", b"take 2", b"3 plus 4 equals 7", b"1 plus 2 is 3"],
    "template": [
        b"7 in my second slot",
        b"nine in their first slot",
        b"3 in my slot 3",
        b"5 in Player 2's third slot",
        b"4 in the other slot",
    ],
    "fifty": [b"6 times 7", b"nine minus five", b"8 divided by 2", b"1 plus 2", b"plus"],
    "conquest": [b"take 2", b"take three", b"say 5", b"take 10"],
    "countdown": [b"plus 5", b"times three", b"divide by 2", b"minus nine", b"pass"],
}
#: Seconds a run may take before it counts as a hang.
BOUND = 60


class Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def storm_input(game_id: str, rng: random.Random) -> bytes:
    lines = []
    hints = 0
    for _ in range(rng.randint(0, 50)):
        roll = rng.random()
        if roll < 0.25:
            line = rng.choice(COMMANDS)
            if line == b"hint":
                hints += 1
                if hints > 2:  # (each hint is a solver search: a few per run)
                    line = b"board"
            lines.append(line)
        elif roll < 0.55:
            lines.append(rng.choice(WORDS[game_id]))
        elif roll < 0.9:
            lines.append(rng.choice(GOOD[game_id]))
        else:
            lines.append(rng.choice(JUNK[:12]))
    data = b"\n".join(lines) + b"\n"
    return data[: rng.randint(0, len(data))] if rng.random() < 0.2 else data


def storm(game_id: str, runs: int, seed: int, folder: Path) -> Iterator[str]:
    """Each run's outcome: "ok", "crash", "hang" or "lost"."""
    rng = random.Random(seed)
    before = signal.signal(signal.SIGALRM, _alarm)
    try:
        for number in range(runs):
            save = folder / f"{game_id}-{number}.json"
            signal.alarm(BOUND)
            try:
                run_once(game_id, storm_input(game_id, rng), save)
                yield "ok"
            except Hang:
                yield "hang"
            except (LoadError, FileNotFoundError):
                yield "lost"
            except Exception as error:  # (counted: the table says how many)
                print(f"  {game_id} run {number}: {type(error).__name__}: {str(error)[:300]}")
                yield "crash"
            finally:
                signal.alarm(0)
                save.unlink(missing_ok=True)
    finally:
        signal.signal(signal.SIGALRM, before)


@pytest.mark.soak
def test_soak_plain_command_storm(tmp_path: Path) -> None:
    runs = int(os.environ.get("PLAIN_COMMAND_STORM_RUNS", "150"))
    print("\nplain command storm: game | tried | crashes | hangs | lost")
    failed = 0
    for game_id in GAME_IDS:
        seen = list(storm(game_id, runs, seed=2600 + GAME_IDS.index(game_id), folder=tmp_path))
        counts = {kind: seen.count(kind) for kind in ("crash", "hang", "lost")}
        failed += sum(counts.values())
        print(
            f"  {game_id} | {len(seen)} | {counts['crash']} | {counts['hang']} | {counts['lost']}"
        )
    assert failed == 0
