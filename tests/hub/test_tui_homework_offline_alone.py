"""Homework offline in the full screen with no hub at all (`class homework` without
`--plain`): the desk and the board at 80x24, a try that cannot be kept, the command
line's way in. No records: the same on both databases, run once."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from app.hub import homework_kept
from app.hub.homework import bank_set
from app.hub.homework_kept import UNREACHABLE, keep
from app.online.codes import Address
from app.tui.hub_homework_offline import OfflineHomeworkApp
from tests.hub.test_tui_homework import place
from tests.hub.test_tui_homework_offline import DUE, _app, _kept_answers
from tests.hub.test_tui_live import referee_of
from tests.hub.test_tui_lobby import SIZE, status, until


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records here: the same on both databases, run once."""
    return "none"


async def test_a_try_that_cannot_be_kept_is_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder cannot be written: the board says so and takes the answer again;
    nothing is counted."""
    address = Address("abcdef", "127.0.0.1", 1)  # (nothing listens at port 1)
    puzzles = [p.to_bank() for p in bank_set("template", "easy", 1, "homework:week1")]
    entry = {"due": DUE, "what": "1 template puzzle (easy)", "puzzles": puzzles, "left": [2]}
    keep(address, "Ada", "week1", entry)
    app, desk = _app(address)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: UNREACHABLE in desk.told, "said")
        await pilot.press("h")
        await until(pilot, lambda: referee_of(app) is not None, "the puzzle's board")
        referee = referee_of(app)
        assert referee is not None
        await until(pilot, lambda: app.screen.state is not None, "its position")

        def full(*_args: object) -> None:
            raise OSError("No space left on device")

        with monkeypatch.context() as patch:  # (its own: the data folder's stays)
            patch.setattr(homework_kept, "keep", full)
            await place(pilot, referee.puzzle.solution[0])
            said = "Your answer cannot be kept on this machine: No space left on device."
            await until(pilot, lambda: status(app) == said, "said")
            assert referee.sent is None and not referee.closed  # (answer again)
            assert desk.boards is not None and desk.boards.kept.left == [2]
        await place(pilot, referee.puzzle.solution[0])
        await until(pilot, lambda: status(app).startswith("Right: "), "judged and kept")
    assert _kept_answers(address) == [(1, True)]


def _kept_here() -> OfflineHomeworkApp:
    """Two template puzzles kept for Ada (due on a fixed day), no hub at port 1."""
    address = Address("abcdef", "127.0.0.1", 1)
    puzzles = [p.to_bank() for p in bank_set("template", "easy", 2, "homework:week1")]
    entry = {"due": "2026-12-04", "what": "2 template puzzles (easy)", "puzzles": puzzles}
    keep(address, "Ada", "week1", {**entry, "left": [2, 2]})
    return _app(address)[0]


def test_the_offline_homework_desk_says_the_hub_cannot_be_reached(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, OfflineHomeworkApp)
        await until(pilot, lambda: app.desk.boards is not None, "the homework opened")
        await pilot.pause()

    assert snap_compare(_kept_here(), terminal_size=SIZE, run_before=run_before)


def test_the_offline_homework_board_after_a_right_answer(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, OfflineHomeworkApp)
        await until(pilot, lambda: app.desk.boards is not None, "the homework opened")
        await pilot.press("h")
        await until(pilot, lambda: referee_of(app) is not None, "the puzzle's board")
        referee = referee_of(app)
        assert referee is not None
        await until(pilot, lambda: app.screen.state is not None, "its position")
        await place(pilot, referee.puzzle.solution[0])
        await until(pilot, lambda: referee.said is not None, "the verdict")
        for _ in range(3):
            await pilot.pause()

    assert snap_compare(_kept_here(), terminal_size=SIZE, run_before=run_before)


def test_class_homework_opens_the_full_screen_without_plain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`class homework` without `--plain`, in a terminal: the full screen, on its desk."""
    from app.cli.main import main

    opened: list[OfflineHomeworkApp] = []
    monkeypatch.setattr(OfflineHomeworkApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr("app.plain.no_screen.no_screen_reason", lambda: None)  # (as in a terminal)
    place = "abcdef@127.0.0.1:1"
    assert main(["class", "homework", place, "--name", "Ada", "--assignment", "week1"]) == 0
    (app,) = opened
    assert (app.desk.student, app.desk.assignment, app.desk.address.port) == ("Ada", "week1", 1)
