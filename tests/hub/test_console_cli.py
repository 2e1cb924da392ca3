"""`equation-duel hub` without `--plain` where the full screen cannot be drawn (standard
input is not a terminal: a script) runs the line console, said in one sentence; `class
watch --all` likewise."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.hub.support import database_for, open_test_store
from tests.online.procs import Proc


def test_the_hub_without_a_terminal_runs_the_line_console(tmp_path: Path) -> None:
    hub = Proc(["hub", "--database", database_for(tmp_path / "c.sqlite3")], tmp_path / "t")
    try:
        hub.wait_for("Standard input is not a terminal, so Equation Duel starts in the line mode.")
        line = hub.wait_for("Students join with: ")
        place = next(word for word in line.split() if "@" in word)
        hub.wait_for("Type help for the teacher's commands")
        hub.write("admit Pro\n")
        hub.wait_for("Pro is on the roster")
        view = Proc(["class", "watch", place, "--name", "Pro", "--all"], tmp_path / "v")
        try:
            view.wait_for("Standard input is not a terminal")
            view.wait_for("Watching every game: each new game comes as it starts.")
        finally:
            view.stop()
        hub.write("quit\n")
        assert hub.finish() == 0
    finally:
        hub.stop()


def test_the_line_console_watches_every_game(tmp_path: Path) -> None:
    hub = Proc(["hub", "--plain", "--database", database_for(tmp_path / "c.sqlite3")], tmp_path)
    try:
        hub.wait_for("Type help for the teacher's commands")
        hub.write("help\nwatch *\nquit\n")
        hub.wait_for("(watch * for every game)")
        hub.wait_for("Watching every game: each new game comes as it starts.")
        assert hub.finish() == 0
    finally:
        hub.stop()


def test_the_hub_as_a_service_runs_until_sigterm(tmp_path: Path) -> None:
    roster = tmp_path / "class.csv"
    roster.write_text("name\nAda\nBo\n", encoding="utf-8")
    database = database_for(tmp_path / "c.sqlite3")
    hub = Proc(["hub", "--service", "--roster", str(roster), "--database", database], tmp_path)
    try:
        hub.wait_for("Admitted from the roster: 2")
        hub.wait_for("Running as a service: SIGTERM (systemctl stop) stops the hub.")
        assert "Standard input is not a terminal" not in hub.output()  # (no console at all)
        hub.proc.send_signal(signal.SIGTERM)
        assert hub.finish() == 0
        assert "The hub stopped: the roster and the finished games are kept." in hub.output()
    finally:
        hub.stop()
    store = open_test_store(tmp_path / "c.sqlite3")
    try:
        assert [student.name for student in store.roster()] == ["Ada", "Bo"]
    finally:
        store.close()
