"""The one writer (`app.store.atomic_files.write_file`, issue 36): every file the app writes
goes through it, and it replaces nothing but a regular file, never writes through a link,
and says why in words. Tried against a pipe, a device node made here, a link out of the
folder, a folder and a full disk (`/dev/full` standing in for the disk), through the
writer itself and through each command that names a file (`tournament show --csv`,
`report --csv`, `--save`, `worksheet -o`). No test writes to a real `/dev` node."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli.main import main
from app.store import atomic_files
from app.store.atomic_files import NotAFile, write_file
from app.store.exports import export_record
from rules.records import players_of, record_from_moves

RECORD = record_from_moves("conquest", None, ["5", "2", "3"], players_of(("Ann", "Bob")))
#: /dev/full's numbers on Linux (major 1, minor 7): a copy of it is made in the test's folder.
FULL = (1, 7)


def _pipe(folder: Path) -> tuple[Path, str]:
    os.mkfifo(folder / "pipe.csv")
    return folder / "pipe.csv", "is a pipe, not a file"


def _device(folder: Path) -> tuple[Path, str]:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(folder / "full.csv", 0o666 | stat.S_IFCHR, os.makedev(*FULL))
    return folder / "full.csv", "is a device, not a file"


def _link_out(folder: Path) -> tuple[Path, str]:
    outside = folder / "elsewhere"
    outside.mkdir()
    (outside / "theirs.csv").write_text("the user's own\n", encoding="utf-8")
    (folder / "link.csv").symlink_to(outside / "theirs.csv")
    return folder / "link.csv", "is a link, not a file"


def _folder(folder: Path) -> tuple[Path, str]:
    (folder / "a-folder").mkdir()
    return folder / "a-folder", "is a folder, not a file"


KINDS: dict[str, Callable[[Path], tuple[Path, str]]] = {
    "pipe": _pipe,
    "device": _device,
    "link out": _link_out,
    "folder": _folder,
}


def _unchanged(path: Path, kind: str, tmp_path: Path) -> None:
    mode = path.lstat().st_mode
    expected = {
        "pipe": stat.S_ISFIFO,
        "device": stat.S_ISCHR,
        "link out": stat.S_ISLNK,
        "folder": stat.S_ISDIR,
    }[kind]
    assert expected(mode), f"the {kind} was replaced"
    if kind == "link out":
        assert (tmp_path / "elsewhere" / "theirs.csv").read_text("utf-8") == "the user's own\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("kind", KINDS)
def test_the_writer_replaces_only_a_regular_file(kind: str, tmp_path: Path) -> None:
    path, words = KINDS[kind](tmp_path)
    for new in (False, True):
        with pytest.raises(NotAFile) as refused:
            write_file(path, "a,b\n", new=new)
        assert words in refused.value.problem and refused.value.strerror == refused.value.problem
    _unchanged(path, kind, tmp_path)
    with pytest.raises(NotAFile, match=words):
        export_record(RECORD, path)
    _unchanged(path, kind, tmp_path)


def test_the_writer_writes_a_new_name_and_replaces_a_file(tmp_path: Path) -> None:
    path = tmp_path / "standings.csv"
    write_file(path, "one\n")
    write_file(path, b"two\n")
    assert path.read_text("utf-8") == "two\n"
    with pytest.raises(FileExistsError):
        write_file(path, "three\n", new=True)
    assert path.read_text("utf-8") == "two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standings.csv"]


def _full_disk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every temporary file the writer makes is `/dev/full` opened for writing (writing
    to it fails with ENOSPC, as on a full disk); the node itself is never replaced, as
    the name the writer is given for it is in the test's folder."""
    real = Path("/dev/full")
    if not stat.S_ISCHR(os.stat(real).st_mode):
        pytest.skip("no /dev/full here")

    def full(_folder: Path, target: Path) -> tuple[int, Path]:
        return os.open(real, os.O_WRONLY), tmp_path / f".{target.name}.never-made.tmp"

    monkeypatch.setattr(atomic_files, "_create_temporary", full)


@pytest.mark.parametrize("sync", [True, False])
def test_a_full_disk_leaves_the_old_file_whole(
    sync: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "kept.json"
    path.write_text("the old file\n", encoding="utf-8")
    _full_disk(monkeypatch, tmp_path)
    with pytest.raises(OSError) as failed:
        write_file(path, "x" * 100_000, sync=sync)
    assert failed.value.errno == errno.ENOSPC
    assert path.read_text("utf-8") == "the old file\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def _tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "new", "T", "--players", "Ann,Bo,Cy,Di", "--game", "fifty"]) == 0
    capsys.readouterr()


COMMANDS = {
    "tournament show --csv": (["tournament", "show", "T", "--csv"], _tournament),
    "report --csv": (["report", "--csv"], None),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", KINDS)
def test_csv_commands_refuse_in_words(
    command: str, kind: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    words, before = COMMANDS[command]
    if before is not None:
        before(capsys)
    path, said = KINDS[kind](tmp_path)
    assert main([*words, str(path)]) != 0
    err = capsys.readouterr().err
    assert f"cannot write {path}: {path} {said}" in err and "Traceback" not in err
    _unchanged(path, kind, tmp_path)


@pytest.mark.parametrize("command", COMMANDS)
def test_csv_commands_on_a_full_disk(
    command: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    words, before = COMMANDS[command]
    if before is not None:
        before(capsys)
    _full_disk(monkeypatch, tmp_path)
    assert main([*words, str(tmp_path / "out.csv")]) != 0
    assert "No space left on device" in capsys.readouterr().err
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_save_and_worksheet_refuse_in_words(
    kind: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, said = KINDS[kind](tmp_path)
    assert main(["play", "fifty", "--plain", "--save", str(path)]) == 2
    assert f"--save: {path} {said}" in capsys.readouterr().err
    pytest.importorskip("fpdf")
    assert main(["worksheet", "--count", "1", "-o", str(path)]) == 2
    assert f"-o: {path} {said}" in capsys.readouterr().err
    _unchanged(path, kind, tmp_path)
