"""Homework offline, as real programs: a student fetches the assignment, the hub stops,
the student answers without it (judged here by the same judge), the answers are kept;
a tampered local verdict changes nothing: the hub started again judges the handed-in
moves again, the rest is done online, and the teacher's report and `class report`
count what the hub judged."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from app.hub.homework import bank_set
from app.hub.homework_words import due_words
from rules.puzzles.model import Puzzle
from rules.registry import get_game
from tests.hub.support import database_for
from tests.online.procs import Proc

DUE = (dt.date.today() + dt.timedelta(days=3)).isoformat()


def _hub(tmp_path: Path) -> tuple[Proc, str]:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    line = hub.wait_for("Students join with: equation-duel class join ")
    return hub, next(word for word in line.split() if "@" in word)


def _wrong(puzzle: Puzzle) -> str:
    game = get_game(puzzle.game)
    legal = [game.format_move(m) for m in game.legal_moves(puzzle.state())]
    return next(m for m in legal if m not in puzzle.solution)


def test_homework_done_offline_is_handed_in_and_judged_again(tmp_path: Path) -> None:
    hub, place = _hub(tmp_path)
    procs = [hub]
    try:
        hub.write(
            f"admit Ada\nassign week1 --game conquest --difficulty easy --count 2 --due {DUE}\n"
        )
        hub.wait_for("week1 is set: 2 conquest puzzles (easy)")
        first, second = bank_set("conquest", "easy", 2, "homework:week1")
        ada = Proc(
            ["class", "homework", place, "--name", "Ada", "--assignment", "week1", "--plain"],
            tmp_path / "ada",
        )
        procs.append(ada)
        ada.wait_for("Fetched homework week1: it is kept on this machine.")
        ada.wait_for(f"Homework week1: 2 conquest puzzles (easy), due {due_words(DUE)}.")
        ada.wait_for("Puzzle 1 of 2.")
        ada.wait_for("Type your move")
        assert "type homework week1 to do it" not in ada.output()  # (the lobby's words)
        hub.write("quit\n")
        assert hub.finish() == 0
        ada.write(f"{_wrong(first)}\n{first.solution[0]}\n{_wrong(second)}\nlater\n")
        ada.wait_for("Stopped: what you answered is kept")
        ada.wait_for("Your answers are kept here: they are handed in at your next connection.")
        assert ada.finish() == 0, ada.output()
        assert "Cannot connect to host" not in ada.output()  # (the socket's words)
        kept_file = tmp_path / "ada" / "class-homework.json"
        kept = json.loads(kept_file.read_text(encoding="utf-8"))
        (entry,) = [e["week1"] for e in kept.values()]
        assert [a["right"] for a in entry["answers"]] == [False, True, False]
        for answer in entry["answers"]:  # (the student's machine says every one was right)
            answer["right"] = True
        kept_file.write_text(json.dumps(kept), encoding="utf-8")
        again, place = _hub(tmp_path)
        procs.append(again)
        join = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(join)
        join.wait_for("Handing in 3 answers kept here: the hub judges them again.")
        join.wait_for("Puzzle 2, the hub's verdict: ")
        join.write("quit\n")
        assert join.finish() == 0, join.output()
        said = " ".join(join.output().split())
        assert said.count("Puzzle 1, the hub's verdict: ") == 2
        assert " loses. " in said.split("Puzzle 1, the hub's verdict: ")[1]
        assert said.split("Puzzle 1, the hub's verdict: ")[2].startswith("Right: ")
        back = Proc(
            ["class", "homework", place, "--name", "Ada", "--assignment", "week1", "--plain"],
            tmp_path / "ada",
        )
        procs.append(back)
        back.wait_for("Puzzle 2 of 2.")
        back.wait_for("Type your move")
        back.write(f"{second.solution[0]}\n")
        back.wait_for("That was the last puzzle of this homework.")
        back.wait_for("Handing in 1 answer kept here")
        assert back.finish() == 0, back.output()
        assert "Handing in 3" not in back.output()
        again.write("report week1\n")
        again.wait_for("Ada: done; right first time 0, right after a retry 2, missed 0")
        again.write("quit\n")
        assert again.finish() == 0
        database = database_for(tmp_path / "class.sqlite3")
        report = Proc(
            [
                "class",
                "report",
                "--assignment",
                "week1",
                "--database",
                database,
                "--csv",
                str(tmp_path / "r.csv"),
            ],
            tmp_path / "t",
        )
        report.wait_for("Ada: done; right first time 0, right after a retry 2, missed 0")
        assert report.finish() == 0
        assert (
            (tmp_path / "r.csv")
            .read_text(encoding="utf-8")
            .splitlines()[1]
            .startswith("Ada,2,yes,0,2,0,0,")
        )
        os.mkfifo(tmp_path / "fifo")
        refused = Proc(
            [
                "class",
                "report",
                "--assignment",
                "week1",
                "--database",
                database,
                "--csv",
                str(tmp_path / "fifo"),
            ],
            tmp_path / "t",
        )
        assert refused.finish() == 1
        said = " ".join(refused.output().split())
        assert f"The CSV was not written: {tmp_path / 'fifo'} is a pipe, not a file." in said
    finally:
        for proc in procs:
            proc.stop()
