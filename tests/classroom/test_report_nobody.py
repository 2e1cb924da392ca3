"""A report of one player nobody is called says so: not "No players yet" when the class
has players and only the name asked for has no game (a typo in --player)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main
from app.store.ratings import record_game
from tests.classroom.test_report import _fifty


def test_a_player_not_found_is_said_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    record_game(_fifty(["6*7", "8*1"], 1))
    assert main(["report", "--player", "Zed\x1b[31m"]) == 0
    out = capsys.readouterr().out
    assert "No player called Zed has a game here." in out
    assert "No players yet" not in out
    assert main(["report", "--player", "ann", "--since", "2999-01-01"]) == 0
    assert "No player called ann has a game here since 2999-01-01." in capsys.readouterr().out


def test_a_file_that_cannot_be_written_is_refused_before_the_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record_game(_fifty(["6*7", "8*1"], 1))
    path = tmp_path / "no-folder" / "report.x"
    for flag, refused in (("--csv", f"cannot write {path}"), ("--pdf", "--pdf")):
        assert main(["report", flag, str(path)]) == 2
        said = capsys.readouterr()
        assert "Teacher's report" not in said.out  # (not printed, then refused)
        assert f"{refused}: the folder {path.parent} does not exist" in said.err
