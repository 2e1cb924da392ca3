"""Names on the command line said in words (issue 36, item 10): an empty roster is no
folder, and a `--save` name ending in a slash is a folder's, never a file's."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main


def test_an_empty_roster_is_said_as_one_not_as_the_folder_dot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "new", "T", "--players", "", "--game", "fifty"]) != 0
    err = capsys.readouterr().err
    assert "at least two players" in err and "a folder" not in err


def test_save_to_a_name_ending_in_a_slash_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "fifty", "--plain", "--save", f"{tmp_path}/x/"])
    err = capsys.readouterr().err
    assert "argument --save: " in err and "x/ names a folder, not a file" in err
    assert not (tmp_path / "x").exists()
