"""The full screen's referee of an online game, the host's too (`host` is a hub of two:
the host plays on the guest's board): the other seat is not played here."""

from __future__ import annotations

from app.tui.online_referee import GuestReferee
from rules.registry import get_game


def test_the_host_cannot_move_for_the_guest_but_for_itself() -> None:
    game = get_game("fifty")
    state = game.new(game.options_from({"first": 2}))
    move = game.legal_moves(state)[0]
    sent: list[str] = []
    referee = GuestReferee(1, "Bob", sent.append)  # (the host, Player 1, and Bob)
    assert referee.admits(game, state, move) == "It is Bob's turn."
    assert not sent
    played = game.play(state, move)
    reply = game.legal_moves(played)[0]
    assert referee.admits(game, played, reply).startswith("Sent: waiting")  # type: ignore[union-attr]
    assert sent == [game.format_move(reply)]  # (to the relay, unchecked: its session checks)
    assert referee.admits(game, played, reply) == (
        "Your move is on its way: waiting for it to be confirmed."
    )


def test_rematches_and_hints_are_not_offered_unless_allowed_and_takebacks_are_asked() -> None:
    referee = GuestReferee(1, "Bob", print)
    assert [referee.offers(a) for a in ("undo_off", "rematch", "new_game", "hint")] == [False] * 4
    assert referee.offers("undo") == "usual"
    referee.ask = lambda _session: "Asked Bob."
    assert referee.asks_takeback(None) == "Asked Bob."
    assert GuestReferee(1, "Bob", print, hints=True).offers("hint") == "usual"
    assert referee.offers("leave") == "usual"
