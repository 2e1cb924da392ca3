"""The computer's and the hint's searches run in the screen's helper process: while one
thinks the screen answers keys, and quitting, leaving or taking back ends it at once,
leaving no process behind. The search is held back by a test hook (`search_hooks`), so
"still thinking" is certain; nothing here measures time."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import Worker, WorkerState

import app.tui.computer as computer_module
import app.tui.hints as hints_module
from app.process.search_process import SearchProcess
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.rules_screen import RulesScreen
from tests.app.search_hooks import Hold, broken
from tests.app.test_search_process import descendants, helper_alive
from tests.app.tui_support import SIZE, game_screen, text_of


@pytest.fixture(autouse=True)
def _quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "BOT_DELAY", 0.01)


@pytest.fixture(autouse=True, scope="module")
def _fork_server() -> None:
    """The fork server (shared by every helper, it outlives them) is started first, so
    the processes counted below are the helpers alone."""
    search = SearchProcess()
    try:
        assert search.run(abs, -1) == 1
    finally:
        search.close()


@pytest.fixture
def held_computer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Hold]:
    """The computer's search held back (for up to 30 s) until the test lets it go."""
    hold = Hold(tmp_path)
    monkeypatch.setattr(computer_module, "ask_bot", hold.wrap(computer_module.ask_bot))
    yield hold
    hold.release()


def status(app: EquationDuelApp) -> str:
    return text_of(game_screen(app).query_one("#status", Static))


async def thinking(pilot: Pilot[None], screen: Any) -> tuple[int, Worker[None]]:
    """Wait until the screen's helper process is at work; its pid and the worker."""
    for _ in range(500):
        process = screen.searches.process
        if screen.searches.busy and process.running and screen.searches._asking:
            break
        await pilot.pause(0.01)
    else:
        raise AssertionError("the search never started")
    (worker,) = screen.searches._open
    pid = process.pid
    assert pid in descendants(os.getpid())
    return pid, worker


def computer_first() -> EquationDuelApp:
    return EquationDuelApp("countdown", {"first": 2}, levels=(None, "perfect"))


async def test_ctrl_q_while_the_computer_thinks_quits_and_ends_the_search(
    held_computer: Hold,
) -> None:
    app = computer_first()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        pid, worker = await thinking(pilot, screen)
        assert status(app) == "Computer (perfect) is thinking…"  # its name says what it is
        await pilot.press("ctrl+q")
        for _ in range(500):  # the app goes without waiting for the search
            if not app.is_running:
                break
            await asyncio.sleep(0.01)
        assert not app.is_running
    assert app.return_code == 0
    assert worker.state == WorkerState.CANCELLED, worker.error
    assert not helper_alive(pid)
    assert pid not in descendants(os.getpid())


async def test_leaving_while_the_computer_thinks_ends_the_search(held_computer: Hold) -> None:
    app = computer_first()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        pid, worker = await thinking(pilot, screen)
        await pilot.press("q")  # nothing played yet: the menu at once
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.pause(0.05)
        assert worker.state == WorkerState.CANCELLED
        assert not helper_alive(pid)
        assert pid not in descendants(os.getpid())
        assert not screen.searches.process.running


async def test_a_takeback_while_the_computer_thinks_ends_the_search(held_computer: Hold) -> None:
    app = EquationDuelApp("countdown", levels=(None, "perfect"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5")
        pid, worker = await thinking(pilot, screen)
        await pilot.press("u")
        await pilot.pause()
        assert screen.moves == [] and screen.to_move == 1
        assert worker.state == WorkerState.CANCELLED
        assert not helper_alive(pid)
        assert pid not in descendants(os.getpid())
        # The game goes on: the next move brings the computer back, in a fresh helper.
        held_computer.release()
        await pilot.press("5")
        for _ in range(1000):
            if len(screen.moves) == 2:
                break
            await pilot.pause(0.01)
        assert len(screen.moves) == 2 and screen.searches.process.pid != pid


async def test_the_screen_answers_keys_while_the_computer_thinks(held_computer: Hold) -> None:
    app = computer_first()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        pid, worker = await thinking(pilot, screen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert worker.state == WorkerState.RUNNING  # the computer thinks on meanwhile
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        held_computer.release()
        for _ in range(1000):
            if screen.moves:
                break
            await pilot.pause(0.01)
        assert len(screen.moves) == 1 and screen.to_move == 1
        assert screen.searches.process.pid == pid  # the helper stays for the next move


async def test_a_failing_hint_search_is_said_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints_module, "hint", broken)
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert status(app) == "No hint here: the solver broke"
        assert app.is_running


async def test_a_failing_computer_search_is_said_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer_module, "ask_bot", broken)
    app = computer_first()
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for _ in range(500):
            if "could not find a move" in status(app):
                break
            await pilot.pause(0.01)
        assert status(app) == "The computer could not find a move: the solver broke"
        assert screen.moves == [] and app.is_running
