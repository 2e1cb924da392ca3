"""Record files that are not regular files, or too long, are refused before they are
read (issue 10, item 7), and a killed save's temporary files are cleaned on the next
start (item 10). Issue 29: every file goes through the one safe reader (settings.json
too: a pipe, a device, a huge file or a folder gives the defaults, and the app says so);
temporary files are created exclusively under the app's own names, only those are
cleaned, and saved records honour the umask."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.store import atomic_files, settings
from app.store.atomic_files import STALE_SECONDS, NotAFile, write_problem
from app.store.data_folder import clean_stale_temporaries
from app.store.storage import LoadError, load_record, read_record_bytes, save_record
from rules.records import record_from_moves
from rules.safe_files import UnsafeFile, read_file_bytes, read_file_text

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
    path = folder / f".{target}.equation-duel-{pid}-0123abcd.tmp"
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
    other = tmp_path / "notes.tmp"
    other.write_text("not ours", "utf-8")
    assert clean_stale_temporaries(tmp_path) == 2
    assert not gone.exists() and not old.exists()
    assert mine.exists() and other.exists()


def test_only_the_named_target_is_cleaned(tmp_path: Path) -> None:
    dead_pid = 2**22 + 12345  # above the usual pid_max: no such process
    one = _temporary(tmp_path, "a.json", dead_pid)
    two = _temporary(tmp_path, "b.json", dead_pid)
    assert clean_stale_temporaries(tmp_path, "a.json") == 1
    assert not one.exists() and two.exists()


def test_hidden_files_the_app_did_not_write_are_never_cleaned(tmp_path: Path) -> None:
    """Issue 29: `--save FILE` deleted `.FILE.<anything>.tmp`. Only the app's own names
    go, whatever their age."""
    theirs = [
        ".game.json.abcdefgh.tmp",  # the old pattern without a pid
        ".game.json.12345.abcdefgh.tmp",  # the old pattern with one
        ".game.json.equation-duel-12345-notahex!.tmp",
        ".game.json.equation-duel-0-0123abcd.tmp",
        ".game.json.tmp",
    ]
    ancient = time.time() - 10 * STALE_SECONDS
    for name in theirs:
        (tmp_path / name).write_text("someone else's", "utf-8")
        os.utime(tmp_path / name, (ancient, ancient))
    ours = _temporary(tmp_path, "game.json", 2**22 + 12345)
    assert clean_stale_temporaries(tmp_path, "game.json") == 1
    assert not ours.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(theirs)


def test_a_save_names_its_temporary_file_and_never_follows_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary file is created exclusively: a link planted under the name the
    save picks is not written through; the save takes another name."""
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", "utf-8")
    names = iter(["0123abcd", "0123abcd", "89abcdef"])
    monkeypatch.setattr(atomic_files.secrets, "token_hex", lambda _n: next(names))
    planted = tmp_path / f".game.json.equation-duel-{os.getpid()}-0123abcd.tmp"
    planted.symlink_to(victim)
    save_record(RECORD, tmp_path / "game.json")
    assert victim.read_text("utf-8") == "keep me"
    assert load_record(tmp_path / "game.json") == RECORD
    assert planted.is_symlink()


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_saved_records_honour_the_umask(tmp_path: Path, umask: int) -> None:
    before = os.umask(umask)
    try:
        path = save_record(RECORD, tmp_path / f"game-{umask:o}.json")
    finally:
        os.umask(before)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


# The one safe reader (rules.safe_files), and settings.json read through it.


def _settings_path() -> Path:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_the_safe_reader_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    sparse = tmp_path / "sparse"
    with open(sparse, "wb") as file:
        file.truncate(3 * 1024**3)  # 3 GB claimed, nothing written
    (tmp_path / "zero").symlink_to("/dev/zero")
    for path, problem in (
        (fifo, "a pipe, not a file"),
        (tmp_path / "zero", "a device, not a file"),
        (tmp_path, "a folder, not a file"),
        (sparse, "too large for a file (over 1000 bytes)"),
        (tmp_path / "none", "no such file"),
    ):
        with pytest.raises(UnsafeFile) as refused:
            read_file_bytes(path, 1000)
        assert refused.value.problem == problem
    (tmp_path / "text").write_bytes(b"\xff\xfe")
    with pytest.raises(UnsafeFile, match="not UTF-8"):
        read_file_text(tmp_path / "text", 1000)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "sparse", "folder", "not-json"])
def test_a_strange_settings_file_gives_the_defaults_and_says_why(kind: str) -> None:
    path = _settings_path()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "sparse":
        with open(path, "wb") as file:
            file.truncate(3 * 1024**3)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text('{"theme": ', "utf-8")
    found, problem = settings.read()
    assert found == {} and settings.theme() is None and settings.names() is None
    assert problem is not None and problem.startswith("settings.json: ")


def test_no_settings_file_is_no_problem() -> None:
    assert settings.read() == ({}, None)
    settings.update(theme="nord")
    assert settings.read() == ({"theme": "nord"}, None)


async def test_the_app_starts_with_a_pipe_for_settings_and_says_so() -> None:
    from app.tui.app import EquationDuelApp
    from tests.app.tui_support import SIZE

    os.mkfifo(_settings_path())
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notes = [str(note.message) for note in app._notifications]
        assert any("settings cannot be read" in n and "a pipe" in n for n in notes)
        assert app.theme == "textual-dark"


def test_a_refusal_never_carries_terminal_codes(tmp_path: Path) -> None:
    import json

    from app.cli.main import main

    data = json.loads(RECORD.model_dump_json())
    data["moves"].append({"move": "\x1b]0;owned\x07\x1b[2J", "seconds": 0})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(LoadError) as refused:
        load_record(path)
    assert "\x1b" not in str(refused.value) and "\x07" not in str(refused.value)
    assert "move 2" in str(refused.value)
    assert main(["play", "--plain", "--load", str(path)]) == 2


def test_a_rules_text_that_cannot_be_read_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules import rulebook

    assert rulebook.rules_markdown("fifty").startswith("#")
    monkeypatch.setattr(rulebook, "MAX_RULES_BYTES", 10)
    text = rulebook.rules_markdown("fifty")
    assert "cannot be read: too large for a rules text (over 10 bytes)" in text
