"""Which seat an online game's keyboard plays: its own only, and none once the game
stopped (the game screen reads `Referee.plays` for whether a person moves here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.match_session.referee import Referee
from app.tui.app import EquationDuelApp
from app.tui.online_referee import GuestReferee
from tests.app.tui_support import until
from tests.online.screens import joined_board
from tests.online.test_hostile_host import CODE, FakeHost
from widgets.digit_pool import DigitPool
from widgets.status_line import StatusLine


def test_the_keyboard_plays_only_its_own_seat_and_none_once_the_game_stopped() -> None:
    assert (Referee().plays(1), Referee().plays(2)) == (True, True)
    referee = GuestReferee(2, "Ada", print)
    assert (referee.plays(1), referee.plays(2)) == (False, True)
    referee.stopped = "The hub stopped the game: it is kept there."
    assert not referee.plays(2)


async def test_the_keys_build_no_move_on_the_other_players_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob (seat 2) joins Mallory's fifty: on her turn his number keys choose nothing (they
    chose her numbers, and on the collect board picked for her and left him stuck)."""
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(tmp_path))
    fake = FakeHost([])
    app = EquationDuelApp()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen, _seat = await joined_board(app, pilot, f"{CODE}@127.0.0.1:{fake.port}", "Bob")
            await until(pilot, lambda: screen.state is not None, "the board")
            assert not screen.human_to_move
            await pilot.press("3", "4")
            assert screen.board.chosen == []
            assert not screen.query_one(DigitPool).active
            # (the status line tells Bob what is happening, not Mallory what to do)
            status = screen.query_one(StatusLine).message
            assert "Waiting for Mallory's move." in status
            assert "choose" not in status
    finally:
        fake.done.set()
        fake.thread.join(10)
