"""The teacher's line console sets homework (`assign`, `assignments`) and reads its report
(`report NAME --csv FILE`); a student in the line lobby hears of it at the join, lists it
(`homework`) and does it (`homework NAME`) with the line mode's puzzle words: a right
first move, a wrong one and its retry, each verdict the hub's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from app.hub.homework import bank_set
from rules.puzzles.words import move_words
from rules.registry import get_game
from tests.hub.support import database_for
from tests.online.procs import Proc

DUE = (dt.date.today() + dt.timedelta(days=3)).isoformat()


def test_the_teacher_assigns_a_student_does_it_and_the_report_says_so(tmp_path: Path) -> None:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    procs = [hub]
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        hub.write("help\nassignments\nadmit Ada\n")
        hub.wait_for("  assign NAME --due YYYY-MM-DD")
        hub.wait_for("No homework is set yet: assign sets some.")
        hub.write(f"assign week1 --game conquest --difficulty easy --count 2 --due {DUE}\n")
        hub.wait_for("week1 is set: 2 conquest puzzles (easy), due ")
        hub.wait_for(", for 1 student.")
        hub.write("assign late --due 2001-01-01\nassignments\n")
        hub.wait_for("The due date 2001-01-01 is in the past: give today or a later day.")
        hub.wait_for(f"week1: 2 conquest puzzles (easy), due {dt.date.fromisoformat(DUE):%A} {DUE}")
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(ada)
        ada.wait_for("You are in the class's lobby as Ada.")
        ada.wait_for("Homework week1: 2 conquest puzzles, easy, due ")
        first, second = bank_set("conquest", "easy", 2, "homework:week1")
        game = get_game("conquest")
        legal = [game.format_move(m) for m in game.legal_moves(second.state())]
        wrong = next(m for m in legal if m not in second.solution)
        ada.write("homework\nhomework week1\n")
        ada.wait_for(": type homework week1 to do it.", count=2)
        ada.wait_for("Homework week1: 2 conquest puzzles (easy), due ")
        ada.wait_for("Puzzle 1 of 2.")
        ada.wait_for(f"Player {first.to_move} to move and win.")
        ada.wait_for("Type your move (in words or notation), or later")
        ada.write(f"{first.solution[0]}\nnonsense\n{wrong}\n")
        said = move_words("conquest", first.state(), first.solution[0])
        ada.wait_for(f"Right: {said} keeps the win. The winning move")
        ada.wait_for("Try again, or type later.")
        ada.wait_for(" loses. Player ")
        ada.wait_for("try.")
        assert "That wins at once. One more try." in " ".join(ada.output().split())
        ada.write(f"{second.solution[0]}\n")
        ada.wait_for("That was the last puzzle of this homework.")
        ada.wait_for("You are back in the lobby.")
        hub.write(f"report week1 --csv {tmp_path / 'week1.csv'}\n")
        hub.wait_for("Done by 1 of 1.")
        hub.wait_for("Ada: done; right first time 1, right after a retry 1, missed 0")
        hub.wait_for("Puzzle 2 (Equation Conquest, easy, conquest-")
        hub.wait_for("puzzle).")  # (a long path breaks the line anywhere)
        written = (
            f"The report of week1 is written to {tmp_path / 'week1.csv'} (a row a student) "
            f"and {tmp_path / 'week1-puzzles.csv'} (a row a puzzle)."
        )
        assert written in " ".join(hub.output().split())
        text = (tmp_path / "week1.csv").read_text(encoding="utf-8")
        assert text.splitlines()[1].startswith("Ada,2,yes,1,1,0,0,")
        text = (tmp_path / "week1-puzzles.csv").read_text(encoding="utf-8")
        assert text.splitlines()[2].startswith(f"2,Equation Conquest,easy,{second.id},1,1,0,1,0,")
        ada.write("quit\n")
        assert ada.finish() == 0, ada.output()
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
    finally:
        for proc in procs:
            proc.stop()
