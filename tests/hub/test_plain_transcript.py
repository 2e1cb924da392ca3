"""The teacher's line console and two students' line lobbies, as real programs over
loopback: the teacher admits a knock, the roster admits ahead, a challenge is accepted
and played with the plain game's own prompts, both are back in the lobby, the teacher
lists the game; the hub restarted from its database lets a student in again without
asking (the token the student's machine kept)."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.hub.support import database_for
from tests.online.procs import Proc, answers, first_moves


def _hub(tmp_path: Path, *flags: str) -> tuple[Proc, str]:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database, *flags], tmp_path / "t")
    line = hub.wait_for("Students join with: equation-duel class join ")
    assert line.endswith(" --name NAME")
    hub.wait_for("Only this machine can join (listening on loopback; see --bind).")
    hub.wait_for("The link is not encrypted")
    return hub, next(word for word in line.split() if "@" in word)


def _junk(port: int) -> None:
    """Junk bytes and a junk websocket message at the hub (it prints neither)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as junk:
        junk.sendall(b"\x1b[2JZZJUNK" * 500 + b"\r\n\r\n")
        junk.recv(100)


def test_a_class_meets_plays_and_meets_again(tmp_path: Path) -> None:
    hub, place = _hub(tmp_path)
    procs = [hub]
    try:
        _junk(int(place.rpartition(":")[2]))
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(ada)
        ada.wait_for("Waiting for the teacher to admit you")
        hub.wait_for("Ada knocks: type admit Ada to let them in.")
        hub.write("admit Ada\nadmit Bo\n")
        hub.wait_for("Bo is on the roster: their first join lets them in.")
        ada.wait_for("You are in the class's lobby as Ada.")
        bo = Proc(["class", "join", place, "--name", "Bo", "--plain"], tmp_path / "bo")
        procs.append(bo)
        bo.wait_for("You are in the class's lobby as Bo.")
        ada.write("who\nchallenge Bo fifty --pool 1-9\n")
        ada.wait_for("Bo: in the lobby")
        bo.wait_for("Ada challenges you to fifty: type accept or decline.")
        bo.write("accept\n")
        for student in (ada, bo):
            student.wait_for("Game 1 begins.")
        ada.wait_for("Joined")
        hub.write("watch 1\n")
        hub.wait_for("Watching Game 1: Ada vs Bo, fifty")
        cy = Proc(["class", "watch", place, "--name", "Cy", "--player", "Bo"], tmp_path / "cy")
        procs.append(cy)
        cy.wait_for("Waiting for the teacher to admit you")
        hub.write("admit Cy\n")
        cy.wait_for("Watching Game 1: Ada vs Bo, fifty")
        start, moves = first_moves("fifty")
        lines = answers("fifty", moves, start)
        ada.write("".join(f"{line}\n" for line in lines[0]))
        bo.write("".join(f"{line}\n" for line in lines[1]))
        ada.wait_for("Ada, select your first number:")
        for student in (ada, bo):
            student.wait_for("Game 1 is over: Bo wins")
            student.wait_for("You are back in the lobby.")
        for line in ("Ada (online): Play 1 + 2 = 3.", "Bo (online): Play 7 + 8 = 15."):
            cy.wait_for(f"Game 1: {line}")
            hub.wait_for(f"Game 1: {line}")
        cy.wait_for("Game 1: Bo wins: 22 is closer to 50 than 14.")
        cy.wait_for("Game 1: The game is over.")
        cy.stop()
        hub.write("games\nwho\n")
        hub.wait_for("Game 1: Ada vs Bo, fifty: Bo wins")
        hub.wait_for("Ada: in the lobby")
        ada.write("quit\n")
        assert ada.finish() == 0, ada.output()
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
        hub.wait_for("The hub stopped: the roster and the finished games are kept.")
        (tmp_path / "class.csv").write_text("name\nEve\n", encoding="utf-8")
        again, place = _hub(tmp_path, "--roster", str(tmp_path / "class.csv"))
        procs.append(again)
        again.wait_for("Admitted from the roster: 1 (others wait for you to admit them).")
        eve = Proc(["class", "join", place, "--name", "Eve", "--plain"], tmp_path / "eve")
        procs.append(eve)
        eve.wait_for("You are in the class's lobby as Eve.")
        back = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(back)
        back.wait_for("You are in the class's lobby as Ada.")
        assert "Waiting for the teacher" not in back.output()
        thief = Proc(["class", "join", place, "--name", "ada", "--plain"], tmp_path / "thief")
        procs.append(thief)
        assert thief.finish() == 1
        assert "Ada is taken in this class" in thief.output()
        back.write("quit\n")
        assert back.finish() == 0
        again.write("quit\n")
        assert again.finish() == 0
        assert "ada knocks" not in again.output().lower()
        assert "ZZJUNK" not in hub.output() and "\x1b" not in hub.output()
    finally:
        for proc in procs:
            proc.stop()
