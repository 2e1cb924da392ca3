"""A tournament's pairing played online, the result reaching the standings: `tournament
host` (a plain host on 127.0.0.1 that plays the first seat) and a plain guest, two real
processes. (Both students on their own machines: a tournament on the hub,
tests/hub/test_tournament*.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.store.data_folder import data_dir
from tests.online.procs import Proc, answers, first_moves, play_both


def _hosting(*flags: str) -> tuple[Proc, list[str], list[str]]:
    """A tournament of Ann and Bo (fifty), its pairing hosted from this test's data folder
    (the teacher's machine, where the tournament is) with `flags`; and the lines each
    seat types to play the first legal moves to the end."""
    assert main(["tournament", "new", "Class", "--players", "Ann,Bo", "--game", "fifty"]) == 0
    start, moves = first_moves("fifty")
    first, second = answers("fifty", moves, start)
    pairing = ["tournament", "host", "Class", "--round", "1", "--pair", "Bo-Ann", *flags]
    return Proc(pairing, data_dir()), first, second


def _entered(said_result: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The result said (`Round 1: Ann - Bo, W won. ...`) is the standings'."""
    assert said_result.startswith("Round 1: Ann - Bo, ")
    winner = said_result.removeprefix("Round 1: Ann - Bo, ").split(" won.")[0]
    assert winner in ("Ann", "Bo")
    capsys.readouterr()
    assert main(["tournament", "show", "Class", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert (rows[0]["name"], rows[0]["points"]) == (winner, 1.0)
    assert {r["name"]: r["played"] for r in rows} == {"Ann": 1, "Bo": 1}


def test_a_pairing_hosted_online_enters_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hosting, host_lines, guest_lines = _hosting("--plain")
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
    _entered(hosting.wait_for("The result is in the tournament."), capsys)
    assert main(["tournament", "host", "Class", "--round", "1", "--pair", "Ann-Bo"]) == 2
    assert "has a result already" in capsys.readouterr().err
