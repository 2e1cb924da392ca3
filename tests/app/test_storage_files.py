"""Record files that are not regular files, or too long, are refused before they are
read (issue 10, item 7), and a killed save's temporary files are cleaned on the next
start (item 10)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.data_folder import STALE_SECONDS, clean_stale_temporaries
from app.storage import (
    LoadError,
    NotAFile,
    load_record,
    read_record_bytes,
    save_record,
    write_problem,
)
from rules.records import record_from_moves

RECORD = record_from_moves("fifty", None, ["6*7"])


def test_dev_zero_is_refused_at_once() -> None:
    with pytest.raises(LoadError, match="a device, not a record file"):
        load_record("/dev/zero")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(LoadError, match="a pipe, not a record file"):
        load_record(fifo)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="folder"):
        load_record(tmp_path)


def test_symlinks(tmp_path: Path) -> None:
    real = save_record(RECORD, tmp_path / "real.json")
    (tmp_path / "link.json").symlink_to(real)
    assert load_record(tmp_path / "link.json") == RECORD
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    with pytest.raises(LoadError, match="a device"):
        load_record(tmp_path / "zero.json")
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere")
    with pytest.raises(LoadError, match="no such file"):
        load_record(tmp_path / "dangling.json")
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    with pytest.raises(LoadError, match=r"loop\.json"):
        load_record(tmp_path / "loop.json")


def test_reading_is_capped_whatever_the_size_says(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(LoadError, match="too large"):
        read_record_bytes(big, limit=100)
    assert read_record_bytes(big, limit=101) == b" " * 101


def test_a_record_never_replaces_what_is_not_a_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path, Path("/dev/null")):
        assert write_problem(target) is not None
        with pytest.raises(NotAFile):
            save_record(RECORD, target)
    assert fifo.exists() and not fifo.is_file()
    assert write_problem(tmp_path / "new.json") is None
    assert "does not exist" in (write_problem(tmp_path / "no" / "x.json") or "")


def _temporary(folder: Path, target: str, pid: int, age: float = 0.0) -> Path:
    path = folder / f".{target}.{pid}.abc_12xy.tmp"
    path.write_text("half a record", "utf-8")
    if age:
        old = time.time() - age
        os.utime(path, (old, old))
    return path


def test_stale_temporaries_are_removed_live_ones_kept(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead_pid = int(dead.stdout)
    gone = _temporary(tmp_path, "autosave.json", dead_pid)
    mine = _temporary(tmp_path, "autosave.json", os.getpid())
    old = _temporary(tmp_path, "x.json", os.getpid(), STALE_SECONDS + 60)
    legacy = tmp_path / ".x.json.abcdefgh.tmp"
    legacy.write_text("old", "utf-8")
    os.utime(legacy, (time.time() - STALE_SECONDS - 60,) * 2)
    other = tmp_path / "notes.tmp"
    other.write_text("not ours", "utf-8")
    assert clean_stale_temporaries(tmp_path) == 3
    assert not gone.exists() and not old.exists() and not legacy.exists()
    assert mine.exists() and other.exists()


def test_only_the_named_target_is_cleaned(tmp_path: Path) -> None:
    dead_pid = 2**22 + 12345  # above the usual pid_max: no such process
    one = _temporary(tmp_path, "a.json", dead_pid)
    two = _temporary(tmp_path, "b.json", dead_pid)
    assert clean_stale_temporaries(tmp_path, "a.json") == 1
    assert not one.exists() and two.exists()


def test_a_refusal_never_carries_terminal_codes(tmp_path: Path) -> None:
    import json

    from app.cli import main

    data = json.loads(RECORD.model_dump_json())
    data["moves"].append({"move": "\x1b]0;owned\x07\x1b[2J", "seconds": 0})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(LoadError) as refused:
        load_record(path)
    assert "\x1b" not in str(refused.value) and "\x07" not in str(refused.value)
    assert "move 2" in str(refused.value)
    assert main(["play", "--plain", "--load", str(path)]) == 2
