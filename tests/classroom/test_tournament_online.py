"""A tournament's pairing played online: `tournament host` (a plain host, on 127.0.0.1)
and a plain guest, two real processes; the result reaches the standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.data_folder import data_dir
from tests.online.procs import Proc, answers, first_moves, play_both


def test_a_pairing_hosted_online_enters_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "new", "Class", "--players", "Ann,Bo", "--game", "fifty"]) == 0
    start, moves = first_moves("fifty")
    host_lines, guest_lines = answers("fifty", moves, start)
    # The teacher's machine (this test's data folder, where the tournament is) hosts.
    hosting = Proc(
        ["tournament", "host", "Class", "--round", "1", "--pair", "Bo-Ann", "--plain"],
        data_dir(),
    )
    try:
        line = hosting.wait_for("equation-duel join ")
        address = next(word for word in line.split() if "@" in word)
        assert "Ann plays here and starts.\nBo joins" in hosting.output()
    except BaseException:
        hosting.stop()
        raise
    # The guest gives another name: the seat is Bo's, as the tournament says.
    play_both(
        hosting, address, tmp_path / "student", host_lines, guest_lines, name="Zed", seat="Bo"
    )
    said = hosting.wait_for("The result is in the tournament.")
    assert said.startswith("Round 1: Ann - Bo, ")
    winner = said.removeprefix("Round 1: Ann - Bo, ").split(" won.")[0]
    assert winner in ("Ann", "Bo")
    capsys.readouterr()
    assert main(["tournament", "show", "Class", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert (rows[0]["name"], rows[0]["points"]) == (winner, 1.0)
    assert {r["name"]: r["played"] for r in rows} == {"Ann": 1, "Bo": 1}
    assert main(["tournament", "host", "Class", "--round", "1", "--pair", "Ann-Bo"]) == 2
    assert "has a result already" in capsys.readouterr().err
