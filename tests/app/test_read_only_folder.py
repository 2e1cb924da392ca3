"""A data folder that cannot be written (issue 36, item 8): the statistics are read as they
are (SQLite's read-only URI, into memory: app.store.read_only_db), `stats`, `tournament
show` and `report` work and say that nothing new is kept, and a write says so in words.

The folder is made unwritable with `chattr +i` when the tests run as root (root writes
through permissions) and with `chmod 555` otherwise; the test is skipped where neither
works."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.cli.main import main
from app.store import ratings
from app.store.data_folder import data_dir
from app.store.stats import StatsError
from rules.records import GameRecord, players_of, record_from_moves

NOTHING_KEPT = "cannot be written: the statistics are read as they are, and nothing new is kept"


def _game(first: str) -> GameRecord:
    return record_from_moves("conquest", None, ["5", "2", "3"], players_of((first, "Bob")))


@contextmanager
def _unwritable(folder: Path) -> Iterator[None]:
    if os.geteuid() == 0:
        made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
        if made.returncode != 0:
            pytest.skip("chattr +i does not work here")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        return
    mode = folder.stat().st_mode
    folder.chmod(0o555)
    try:
        yield
    finally:
        folder.chmod(mode)


def test_the_statistics_of_a_read_only_folder_are_read_and_nothing_new_is_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert ratings.record_game(_game("Ann"))
    assert main(["tournament", "new", "T", "--players", "Ann,Bo,Cy,Di", "--game", "fifty"]) == 0
    capsys.readouterr()
    folder = data_dir()
    assert sorted(p.name for p in folder.iterdir() if "stats" in p.name) == ["stats.sqlite3"]
    with _unwritable(folder):
        with pytest.raises(OSError):
            (folder / "probe").write_text("x", "utf-8")
        assert main(["stats"]) == 0
        out, err = capsys.readouterr()
        assert "Games recorded: 1" in out and "Ann" in out
        assert NOTHING_KEPT in err and "unable to open" not in err
        assert main(["tournament", "show", "T"]) == 0
        assert "T: standings after 0 of 3 rounds" in capsys.readouterr().out
        assert main(["report"]) == 0
        assert "Ann" in capsys.readouterr().out
        with pytest.raises(StatsError, match="cannot be written, so nothing new is kept"):
            ratings.record_game(_game("Cy"))
        assert main(["tournament", "new", "U", "--players", "A,B,C", "--game", "fifty"]) != 0
        assert "nothing new is kept" in capsys.readouterr().err
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "Games recorded: 1" in out and "Cy" not in out and NOTHING_KEPT not in err
