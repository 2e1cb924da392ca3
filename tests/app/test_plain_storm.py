"""The plain-mode storm (issue 10): random bytes, long lines, NUL, escape codes and good
moves in any order, ending anywhere (end of input at every prompt), for every game.

Every run must end with exit 0, no exception, nothing but text on the output (no escape
code typed by the player is echoed), and the game saved with `--save`: a record that
loads and replays. The default run carries a short seeded version; the soak
(`pytest -m soak`, `PLAIN_STORM_RUNS=N` runs per game) a long one, printing its table.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
from pathlib import Path

import pytest

from app.cli.records import play_plain_with_records
from app.plain.base import Console
from app.store.storage import load_record
from rules.registry import GAME_IDS, get_game

GOOD: dict[str, list[bytes]] = {
    "collect": [b"1", b"2", b"3", b"5", b"7", b"9", b"yes", b"no", b"2+3=5", b"3 \xc3\x97 1 = 3"],
    "template": [b"1", b"5", b"9", b"P1 Slot 1", b"p2 3", b"1.2", b"9@1.1", b"4@2.3"],
    "fifty": [b"6", b"7", b"1", b"9", b"*", b"+", b"\xc3\xb7", b"-"],
    "conquest": [b"1", b"2", b"3", b"5", b"9", b"4"],
    "countdown": [b"+5", b"*3", b"/2", b"-9", b"pass", b"yes", b"no", b"+ 1"],
}
JUNK: list[bytes] = [
    b"\x00",
    b"\x1b[2J",
    b"\x1b]0;pwned\x07",
    b"\xff\xfe\xfd",
    b"1\xff=1",
    "²".encode(),
    "٣".encode(),
    "\u00a05\u00a0".encode(),
    b"9" * 20_000,
    b"9" * 4301,
    b"(" * 3000,
    b"",
    b"   ",
    b"\r",
    b"\t\t",
    "X·–".encode(),
]


def storm_input(game_id: str, rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(0, 60)):
        roll = rng.random()
        if roll < 0.6:
            lines.append(rng.choice(GOOD[game_id]))
        elif roll < 0.9:
            lines.append(rng.choice(JUNK))
        else:
            lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))))
    data = b"\n".join(lines)
    if rng.random() < 0.7:
        data += b"\n"
    return data[: rng.randint(0, len(data))] if rng.random() < 0.3 else data


def run_once(game_id: str, data: bytes, save: Path) -> str:
    """Play one storm; the output text. Raises on any failure of the rules above."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    out = io.StringIO()
    args = argparse.Namespace(save=save, load=None, best_of=None, turn_seconds=None)
    game = get_game(game_id)
    code = play_plain_with_records(
        game,
        game.new(None).options,
        [],
        ("Player 1", "Player 2"),
        {},
        args,
        Console(stdin, out),
        count_stats=False,
    )
    text = out.getvalue()
    assert code == 0, text[-500:]
    assert "\x1b" not in text and "\x00" not in text and "\x07" not in text
    record = load_record(save)  # loads, and its moves replay
    assert record.game == game_id
    return text


def storm(game_id: str, runs: int, seed: int, folder: Path) -> int:
    rng = random.Random(seed)
    for number in range(runs):
        save = folder / f"{game_id}-{number}.json"
        run_once(game_id, storm_input(game_id, rng), save)
        save.unlink()
    return runs


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_quick_plain_storm(game_id: str, tmp_path: Path) -> None:
    assert storm(game_id, 12, seed=GAME_IDS.index(game_id), folder=tmp_path) == 12


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_end_of_input_at_every_prompt(game_id: str, tmp_path: Path) -> None:
    """A game's whole input cut after every byte: each cut is saved and resumable."""
    data = b"\n".join(GOOD[game_id] * 2) + b"\n"
    for cut in range(0, len(data) + 1, max(1, len(data) // 40)):
        run_once(game_id, data[:cut], tmp_path / "cut.json")


@pytest.mark.soak
def test_soak_plain_storm(tmp_path: Path) -> None:
    runs = int(os.environ.get("PLAIN_STORM_RUNS", "2000"))
    print("\nplain storm: game — runs — crashes — losses")
    for game_id in GAME_IDS:
        done = storm(game_id, runs, seed=1000 + GAME_IDS.index(game_id), folder=tmp_path)
        print(f"  {game_id} — {done} — 0 — 0")


def interrupted_run(game_id: str, data: bytes, delay: float, save: Path) -> int:
    """The real program fed `data`, then Ctrl+C after `delay` seconds: its exit code."""
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "play", game_id, "--plain", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=root,
    )
    assert process.stdin is not None and process.stderr is not None
    try:
        process.stdin.write(data)
        process.stdin.flush()
    except BrokenPipeError:
        pass
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    with contextlib.suppress(BrokenPipeError):
        process.stdin.close()
    err = process.stderr.read()
    code = process.wait(timeout=60)
    assert b"Traceback" not in err, err.decode(errors="replace")
    return code


@pytest.mark.soak
def test_soak_plain_storm_with_ctrl_c(tmp_path: Path) -> None:
    """The program itself, Ctrl+C at a random moment: exit 0 or 130, and the game saved
    (once the program has started: a Ctrl+C while Python itself starts is not ours)."""
    runs = int(os.environ.get("PLAIN_STORM_SIGINT_RUNS", "20"))
    rng = random.Random(99)
    print("\nplain storm with Ctrl+C: game — runs — crashes — losses")
    for game_id in GAME_IDS:
        for number in range(runs):
            save = tmp_path / f"{game_id}-{number}.json"
            code = interrupted_run(game_id, storm_input(game_id, rng), rng.uniform(1.0, 3.0), save)
            assert code in (0, 130)
            assert load_record(save).game == game_id
        print(f"  {game_id} — {runs} — 0 — 0")
