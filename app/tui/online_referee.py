"""The full screen's referee of an online game (each player's, the host's too: `host` is
a hub of two): the keyboard plays only its own turns, sent to the relay unchecked, the
keys that would change the match under the other player's feet (a rematch, a new game)
are not offered, hints only when the host allowed them, and the takeback key asks the
other player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from app.match_session.referee import USUAL, Offer, Referee
from rules.base import PlayerNo

#: The keys an online game does not offer (a takeback is asked instead).
NOT_ONLINE = frozenset({"undo_off", "rematch", "new_game"})

NO_ASKING = "The other player cannot be asked for a takeback yet."


class GuestReferee(Referee):
    """The guest's screen: a move is sent to the host unchecked (the host's session is the
    one check) and played here once confirmed."""

    def __init__(self, seat: PlayerNo, host: str, send: Any, hints: bool = False) -> None:
        self.seat = seat
        self.hints = hints
        self.host = host
        self.send = send
        #: A move sent and not yet confirmed or refused.
        self.pending = False
        #: Asks the other player for a takeback (the words to show).
        self.ask: Callable[[Any], str] | None = None
        #: Why the game stopped before its end (the host's goodbye), or "": it goes on.
        self.stopped = ""

    def offers(self, action: str) -> Offer:
        if action in NOT_ONLINE:
            return False
        return (USUAL if self.hints else False) if action == "hint" else super().offers(action)

    def asks_takeback(self, session: Any) -> str | None:
        if self.pending:
            return "Your move is on its way: ask for a takeback once it is confirmed."
        return NO_ASKING if self.ask is None else self.ask(session)

    def plays(self, player: PlayerNo) -> bool:
        return player == self.seat and not self.stopped

    def task(self, state: Any, board_hint: str) -> str:
        # (the board's task is the other player's to do, on their own screen)
        return board_hint if state.to_move == self.seat else f"Waiting for {self.host}'s move."

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        if self.stopped:
            return self.stopped
        if game.to_move(state) != self.seat:
            return f"It is {self.host}'s turn."
        if self.pending:
            return "Your move is on its way: waiting for it to be confirmed."
        self.pending = True
        self.send(game.format_move(move))
        return "Sent: waiting for your move to be confirmed…"
