"""The computer's helper process is ready when its turn comes: it starts when the game
screen mounts, has imported the game's search by the first question, imports no Textual,
and the computer's search runs during its pause for show (the move is played when the
pause is over). Nothing here measures time."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import app.tui.computer as computer_module
from app.tui.app import EquationDuelApp
from tests.app.search_hooks import modules_loaded
from tests.app.tui_support import SIZE, computer_waiting, game_screen, text_of


async def test_the_helper_starts_when_the_game_screen_mounts_and_imports_no_textual() -> None:
    app = EquationDuelApp("countdown", levels=(None, "perfect"))  # the person moves first
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await app.workers.wait_for_complete()  # the warm-up: no question was asked
        await pilot.pause()
        process = screen.searches.process
        assert process.running
        assert not screen.searches.busy
        assert "rules.solver.countdown" in process.run(modules_loaded, "rules.solver")
        # The computer's own question, as the screen asks it, brings no Textual along.
        bot, state = screen.bots[2], screen.position
        move, _ = process.run(computer_module.ask_bot, bot, state)
        assert move in screen.game.legal_moves(state)
        assert process.run(modules_loaded, "textual") == []
        assert process.run(modules_loaded, "app.tui") == []


async def test_a_game_without_a_computer_starts_no_helper() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.searches.process.running


async def test_the_computer_searches_during_its_pause_and_moves_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer_module, "BOT_DELAY", 30)  # a pause that outlasts the search
    app = EquationDuelApp("conquest", {"first": 2}, levels=(None, "perfect"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await app.workers.wait_for_complete()  # the search answered within the pause
        await pilot.pause()
        assert computer_waiting(screen)
        assert screen.moves == []  # not shown before the pause is over
        screen._bot_timer.stop()  # the pause ends now rather than in 30 s
        screen._pause_over()
        await pilot.pause()
        assert len(screen.moves) == 1
        assert not computer_waiting(screen)


async def test_a_search_that_fails_during_the_pause_is_said_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.app.search_hooks import broken

    monkeypatch.setattr(computer_module, "BOT_DELAY", 30)
    monkeypatch.setattr(computer_module, "ask_bot", broken)
    app = EquationDuelApp("conquest", {"first": 2}, levels=(None, "perfect"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await app.workers.wait_for_complete()  # the search failed within the pause
        await pilot.pause()
        assert "could not find a move" not in text_of(screen.query_one("#status", Static))
        screen._bot_timer.stop()
        screen._pause_over()
        await pilot.pause()
        status = text_of(screen.query_one("#status", Static))
        assert status == "The computer could not find a move: the solver broke"
        assert screen.moves == []


async def test_a_game_between_people_starts_the_fork_server_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import app.tui.thinking as thinking

    started: list[int] = []
    monkeypatch.setattr(thinking, "start_server", lambda: started.append(1))
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("6", "3")
        await pilot.pause()
        assert started == []  # not while the game goes on
        await pilot.press("9")  # 6 + 3 = 9: the game is over, its analysis offered
        await pilot.pause()
        assert screen.is_over
        assert started  # the analysis' helper will be a fork of a running server
