"""A tournament's pairing played online: `tournament host` (a plain host, on 127.0.0.1)
and a plain guest, two real processes; the result reaches the standings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.online.procs import WAIT, Proc, answers, first_moves


def _tournament(data: Path, *words: str) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "EQUATION_DUEL_DATA": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "app", "tournament", *words],
        env=env, capture_output=True, text=True, timeout=WAIT, check=False,
    )  # fmt: skip


def test_a_pairing_hosted_online_enters_its_result(tmp_path: Path) -> None:
    teacher = tmp_path / "teacher"
    made = _tournament(teacher, "new", "Class", "--players", "Ann,Bo", "--game", "fifty")
    assert made.returncode == 0, made.stderr
    start, moves = first_moves("fifty")
    host_lines, guest_lines = answers("fifty", moves, start)
    hosting = Proc(
        ["tournament", "host", "Class", "--round", "1", "--pair", "Bo-Ann", "--plain"], teacher
    )
    guest = None
    try:
        line = hosting.wait_for("equation-duel join ")
        address = next(word for word in line.split() if "@" in word)
        assert "Ann plays here and starts; Bo joins" in hosting.output()
        # The guest gives another name: the seat is Bo's, as the tournament says.
        guest = Proc(["join", address, "--plain", "--name", "Zed"], tmp_path / "student")
        hosting.wait_for("Bo joined.")
        guest.write("".join(f"{line}\n" for line in guest_lines))
        hosting.write("".join(f"{line}\n" for line in host_lines))
        assert guest.finish() == 0, guest.output()
        assert hosting.finish() == 0, hosting.output()
    finally:
        hosting.stop()
        if guest is not None:
            guest.stop()
    said = hosting.wait_for("The result is in the tournament.")
    assert said.startswith("Round 1: Ann - Bo, ")
    winner = said.removeprefix("Round 1: Ann - Bo, ").split(" won.")[0]
    assert winner in ("Ann", "Bo")
    shown = _tournament(teacher, "show", "Class", "--json")
    assert shown.returncode == 0, shown.stderr
    rows = json.loads(shown.stdout)
    assert (rows[0]["name"], rows[0]["points"]) == (winner, 1.0)
    assert {r["name"]: r["played"] for r in rows} == {"Ann": 1, "Bo": 1}
    again = _tournament(teacher, "host", "Class", "--round", "1", "--pair", "Ann-Bo")
    assert again.returncode == 2 and "has a result already" in again.stderr
