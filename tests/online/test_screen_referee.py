"""The full screen's referee of a hosted game: the guest's seat is not played here."""

from __future__ import annotations

from app.tui.online_referee import OnlineReferee
from rules.registry import get_game


def test_the_host_cannot_move_for_the_guest_but_for_itself() -> None:
    game = get_game("fifty")
    state = game.new(game.options_from({"first": 2}))
    move = game.legal_moves(state)[0]
    referee = OnlineReferee(2, "Bob")
    assert (
        referee.admits(game, state, move)
        == "It is Bob's turn: their move comes over the connection."
    )  # (the guest's own move goes to the session from the seat, app.tui.online_seat)
    assert referee.admits(game, game.play(state, move), move) == "play"


def test_rematches_and_hints_are_not_offered_unless_allowed_and_takebacks_are_asked() -> None:
    referee = OnlineReferee(2, "Bob")
    assert [referee.offers(a) for a in ("undo_off", "rematch", "new_game", "hint")] == [False] * 4
    assert referee.offers("undo") == "usual"
    referee.ask = lambda _session: "Asked Bob."
    assert referee.asks_takeback(None) == "Asked Bob."
    assert OnlineReferee(2, "Bob", hints=True).offers("hint") == "usual"
    assert referee.offers("leave") == "usual"
