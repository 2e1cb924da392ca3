"""Undo against the computer: a takeback of your move and the computer's reply, or a
clear "no takebacks" where the setup turned them off."""

from __future__ import annotations

import pytest
from textual.widgets import Static

import app.tui.computer as computer_module
from app.match_session.setup import GameSetup, Seat
from app.tui.app import EquationDuelApp
from tests.app.tui_support import SIZE, computer_reply, computer_waiting, game_screen, text_of, top


@pytest.fixture(autouse=True)
def _quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "BOT_DELAY", 0.01)


async def test_undo_takes_back_your_move_and_the_computers_reply() -> None:
    app = EquationDuelApp("countdown", levels=(None, "easy"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("1")  # the computer cannot reach 30 from 1
        await computer_reply(pilot, screen)
        assert len(screen.moves) == 2 and screen.to_move == 1
        assert screen.check_action("undo", ()) is True
        await pilot.press("u")
        await pilot.pause()
        assert screen.moves == [] and screen.to_move == 1
        assert screen.state.running_total == 0
        status = text_of(screen.query_one("#status", Static))
        assert "Took back your last move and the computer's reply" in status
        # The position is yours again: the computer does not move, and you play on.
        await pilot.press("2")
        await computer_reply(pilot, screen)
        assert screen.moves[0] == (1, "+2") and len(screen.moves) == 2


async def test_undo_before_the_computers_reply_takes_back_your_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer_module, "BOT_DELAY", 30)  # the reply is still to come
    app = EquationDuelApp("countdown", levels=(None, "easy"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5", "u")  # before the computer's reply
        await pilot.pause()
        assert screen.moves == [] and screen.to_move == 1
        assert not computer_waiting(screen)  # the computer's pending turn is called off


async def test_nothing_to_take_back_when_the_computer_moved_first() -> None:
    app = EquationDuelApp("countdown", {"first": 2}, levels=(None, "easy"))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await computer_reply(pilot, screen)
        assert len(screen.moves) == 1 and screen.to_move == 1
        assert not screen.check_action("undo", ())  # the computer's move alone stays


async def test_takebacks_off_says_so_in_the_footer_and_a_notification() -> None:
    setup = GameSetup.make("countdown", seats=(Seat("Ann"), Seat("Computer", "computer", "easy")))
    setup = GameSetup(
        setup.game_id, setup.options, setup.seats, setup.best_of, setup.turn_seconds, False
    )
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(setup)
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("1")
        await computer_reply(pilot, screen)
        assert not screen.check_action("undo", ())
        footer = [b.binding.description for b in screen.active_bindings.values()]
        assert "No takebacks" in footer and "Undo" not in footer
        await pilot.press("u")
        await pilot.pause()
        assert len(screen.moves) == 2
        assert any("Takebacks are off" in str(n.message) for n in app._notifications)
        assert top(app) is screen
