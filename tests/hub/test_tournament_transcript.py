"""A tournament on the hub as real programs over loopback: the teacher's line console
makes it and starts its round, two students' line lobbies play the pairing with the
plain game's own prompts, the result reaches the standings on the console and in a
student's lobby (`standings`)."""

from __future__ import annotations

from pathlib import Path

from tests.hub.support import database_for
from tests.online.procs import Proc, answers, first_moves


def test_a_round_is_played_from_the_lobby_and_the_standings_follow(tmp_path: Path) -> None:
    (tmp_path / "class.csv").write_text("name\nAda\nBo\n", encoding="utf-8")
    database = database_for(tmp_path / "class.sqlite3")
    flags = ["--plain", "--database", database, "--roster", str(tmp_path / "class.csv")]
    hub = Proc(["hub", *flags], tmp_path / "t")
    procs = [hub]
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        bo = Proc(["class", "join", place, "--name", "Bo", "--plain"], tmp_path / "bo")
        procs += [ada, bo]
        for student in (ada, bo):
            student.wait_for("You are in the class's lobby as")
        hub.write("standings\ntournament new Duel fifty --players Ada,Zed\n")
        hub.wait_for("No tournament yet: type tournament new NAME GAME (help says more).")
        hub.wait_for("That cannot be done: Zed is not in the class")
        hub.write("tournament new Duel fifty\nround\n")
        hub.wait_for("Duel: round robin, fifty, best of 1, 2 players")
        hub.wait_for("Round 1 of 1 begins: fifty.")
        hub.wait_for("Ada - Bo: both are in the lobby, so the game starts now.")
        start, moves = first_moves("fifty")
        lines = answers("fifty", moves, start)
        for student in (ada, bo):
            student.wait_for("Game 1 begins.")
        ada.write("".join(f"{line}\n" for line in lines[0]))
        bo.write("".join(f"{line}\n" for line in lines[1]))
        for student in (ada, bo):
            student.wait_for("You are back in the lobby.")
        hub.wait_for("Round 1: Ada - Bo, Bo won.")
        hub.wait_for("The tournament is over: type standings for the final standings.")
        hub.write("standings\n")
        hub.wait_for("Duel: standings after 1 of 1 rounds")
        assert hub.wait_for("1  Bo ").split()[:3] == ["1", "Bo", "1"]
        ada.write("standings\n")
        ada.wait_for("Duel: standings after 1 of 1 rounds")
        assert ada.wait_for("2  Ada ").split()[:3] == ["2", "Ada", "0"]
        ada.write("quit\n")
        bo.write("quit\n")
        assert ada.finish() == 0 and bo.finish() == 0
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
    finally:
        for proc in procs:
            proc.stop()
