"""The QR code of the students' command: the half blocks drawn (the plain console's, with
`--qr`; the full screen's) read back module by module are segno's own matrix for that
exact command; the plain console leaves it out when its output is not a terminal, and
`--no-qr` leaves it out of the full screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import segno

from app.hub.console import QR_WORDS, qr_lines
from app.tui.hub_console import QR_BORDER, HubConsoleApp, QrScreen
from tests.hub.support import database_for, open_test_store, until
from tests.online.procs import Proc

#: What each half block says of its two modules (upper, lower): True is dark.
_DARK = {" ": (True, True), "▀": (False, True), "▄": (True, False), "█": (False, False)}


def _decoded(lines: list[str], border: int) -> list[list[bool]]:
    """The modules the drawing shows (dark: True), without its quiet zone."""
    matrix: list[list[bool]] = []
    for line in lines:
        pairs = [_DARK[char] for char in line]
        matrix += [[upper for upper, _ in pairs], [lower for _, lower in pairs]]
    assert all(not any(row) for row in matrix[:border]), "the quiet zone is light"
    inner = matrix[border : border + len(matrix[0]) - 2 * border]
    return [row[border:-border] for row in inner]


def _matrix(text: str) -> list[list[bool]]:
    return [[bool(module) for module in row] for row in segno.make(text).matrix]


def test_the_drawn_code_is_segnos_matrix_of_the_command() -> None:
    command = "equation-duel class join k7m3qd@192.168.1.20:40213 --name NAME"
    for border in (2, 4):
        lines = qr_lines(command, border)
        assert _decoded(lines, border) == _matrix(command)
        assert _decoded(lines, border) != _matrix(command.replace("40213", "40214"))


def test_the_plain_console_draws_the_code_with_qr_only(tmp_path: Path) -> None:
    """With --qr (a process of its own: its drawing is asked for, so it is not a linear
    transcript), and without (a linear transcript, checked as every one is)."""
    database = database_for(tmp_path / "class.sqlite3")
    env = {**os.environ, "EQUATION_DUEL_DATA": str(tmp_path / "t"), "PYTHONUNBUFFERED": "1"}
    drawn = subprocess.run(
        [sys.executable, "-m", "app", "hub", "--plain", "--qr", "--database", database],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    said = drawn.stdout.splitlines()
    command = next(line for line in said if line.startswith("Students join with: "))
    start = said.index(QR_WORDS) + 1
    end = next(i for i, text in enumerate(said) if text.startswith("Type help"))
    assert start + 10 < end
    assert _decoded(said[start:end], 4) == _matrix(command.partition(": ")[2])
    plain = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    try:
        plain.wait_for("Type help for the teacher's commands")
        plain.write("quit\n")
        assert plain.finish() == 0
        assert QR_WORDS not in plain.output()
        assert command.rpartition(":")[0] in plain.output()  # (the same class, another port)
    finally:
        plain.stop()


async def test_the_full_screen_draws_the_code_unless_no_qr(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    try:
        for qr in (True, False):
            app = HubConsoleApp(store, qr=qr)
            async with app.run_test(size=(100, 30)):
                await until(lambda app=app: app.started, "the hub's start")  # type: ignore[misc]
                shown = app.query_one("#qr")
                assert shown.display is qr
                if qr:
                    lines = [strip.text for strip in shown.render_lines(shown.region.reset_offset)]
                    command = app.teacher.join_command()
                    assert _decoded(lines, QR_BORDER) == _matrix(command)
    finally:
        store.close()


async def test_k_shows_the_whole_code_where_it_does_not_fit_beside(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    try:
        app = HubConsoleApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: app.started, "the hub's start")
            await pilot.pause()
            assert not app.query_one("#qr").display  # (it would be cut: not beside the lists)
            await pilot.press("k")
            assert isinstance(app.screen, QrScreen)
            shown = app.screen.query_one("#qr-large")
            lines = [strip.text for strip in shown.render_lines(shown.region.reset_offset)]
            assert _decoded(lines, 4) == _matrix(app.teacher.join_command())
            await pilot.press("space")
            assert not isinstance(app.screen, QrScreen)
    finally:
        store.close()
