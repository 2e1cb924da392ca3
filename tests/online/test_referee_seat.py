"""Which seat an online game's keyboard plays: its own only, and none once the game
stopped (the game screen reads `Referee.plays` for whether a person moves here)."""

from __future__ import annotations

from app.match_session.referee import Referee
from app.tui.online_referee import GuestReferee


def test_the_keyboard_plays_only_its_own_seat_and_none_once_the_game_stopped() -> None:
    assert (Referee().plays(1), Referee().plays(2)) == (True, True)
    referee = GuestReferee(2, "Ada", print)
    assert (referee.plays(1), referee.plays(2)) == (False, True)
    referee.stopped = "The hub stopped the game: it is kept there."
    assert not referee.plays(2)
