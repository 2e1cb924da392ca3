"""Homework set while the class is in the lobby is heard at once by those it is for (as
at a join): tried as a teacher, Ada and Bo were in the lobby when `assign` set week1 and
heard nothing until they typed `homework` or joined again."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.hub.support import database_for
from tests.online.procs import Proc

DUE = (dt.date.today() + dt.timedelta(days=3)).isoformat()


def test_homework_set_is_heard_in_the_lobby_by_those_it_is_for(tmp_path: Path) -> None:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    procs = [hub]
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        hub.write("admit Ada\nadmit Bo\n")
        hub.wait_for("Bo is on the roster")
        students = {}
        for name in ("Ada", "Bo"):
            student = Proc(["class", "join", place, "--name", name, "--plain"], tmp_path / name)
            procs.append(student)
            student.wait_for(f"You are in the class's lobby as {name}.")
            students[name] = student
            hub.wait_for(f"{name} joined the lobby.")
        ada, bo = students["Ada"], students["Bo"]
        flags = f"--game conquest --difficulty easy --count 1 --due {DUE}"
        hub.write(f"assign week1 {flags} --to Ada\n")
        hub.wait_for("week1 is set: 1 conquest puzzle")
        ada.wait_for("Homework week1: 1 conquest puzzle, easy, due ")
        ada.wait_for("type homework week1 to do it.")
        hub.write(f"assign week2 {flags}\n")
        hub.wait_for("week2 is set: 1 conquest puzzle")
        bo.wait_for("Homework week2: 1 conquest puzzle, easy, due ")
        ada.wait_for("Homework week2: 1 conquest puzzle, easy, due ")
        assert "week1" not in bo.output()  # (set for Ada only)
        for proc in (ada, bo, hub):
            proc.write("quit\n")
            assert proc.finish() == 0, proc.output()
    finally:
        for proc in procs:
            proc.stop()
