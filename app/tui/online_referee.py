"""The full screen's referee for a hosted game: one seat is played over the connection.

The host's game screen is a view of the host's match session, as for a local game; this
referee (`app.match_session.referee.Referee`) adds what online play changes: a move on
the host's keyboard is refused while it is the guest's turn (the guest's own move goes
to the match session from `app.tui.online_seat`, as a key's does), and the keys that would change the match
under the guest's feet (a rematch, a new game) are not offered; hints only when the
host allowed them. The takeback key asks the other player (`asks_takeback`: the seat
widget sends the ask, `app.online.takebacks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from app.match_session.referee import USUAL, Offer, Referee
from rules.base import PlayerNo

#: The keys an online game does not offer (a takeback is asked: `asks_takeback`).
NOT_ONLINE = frozenset({"undo_off", "rematch", "new_game"})

#: Asks the other player for a takeback; what to say of it (the seat widget's).
AskTakeback = Callable[[Any], str]


NO_ASKING = "The other player cannot be asked for a takeback yet."


def online_offer(offered: Offer, action: str, hints: bool) -> Offer:
    """What an online game offers of `action`, given what the rules alone offer: no key
    that changes the match under the other player's feet; hints only when allowed."""
    if action in NOT_ONLINE:
        return False
    if action == "hint":
        return USUAL if hints else False
    return offered


class OnlineReferee(Referee):
    """The rules, with the guest's seat played over the connection."""

    def __init__(self, guest_seat: PlayerNo, guest: str, hints: bool = False) -> None:
        self.guest_seat = guest_seat
        self.guest = guest
        self.hints = hints
        #: Asks the guest for a takeback (set by `app.tui.online_seat`).
        self.ask: AskTakeback | None = None

    def offers(self, action: str) -> Offer:
        return online_offer(super().offers(action), action, self.hints)

    def asks_takeback(self, session: Any) -> str | None:
        return NO_ASKING if self.ask is None else self.ask(session)

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        if game.to_move(state) == self.guest_seat:
            return f"It is {self.guest}'s turn: their move comes over the connection."
        return "play"


class GuestReferee(Referee):
    """The guest's screen: a move is sent to the host and played here once confirmed.

    `send(text)` sends a move in notation (`app.tui.online_guest`), unchecked: the host's
    session is the one check; the move the host confirms goes to the copy's session
    there. The guest keeps the game (`keeps`) as the host does, under the host's record
    id."""

    def __init__(self, seat: PlayerNo, host: str, send: Any, hints: bool = False) -> None:
        self.seat = seat
        self.hints = hints
        self.host = host
        self.send = send
        #: A move sent and not yet confirmed or refused.
        self.pending = False
        #: Asks the host for a takeback (set by `app.tui.online_guest`).
        self.ask: AskTakeback | None = None

    def offers(self, action: str) -> Offer:
        return online_offer(super().offers(action), action, self.hints)

    def asks_takeback(self, session: Any) -> str | None:
        if self.pending:
            return "Your move is on its way: ask for a takeback once the host confirms it."
        return NO_ASKING if self.ask is None else self.ask(session)

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        if game.to_move(state) != self.seat:
            return f"It is {self.host}'s turn."
        if self.pending:
            return "Your move is on its way: waiting for the host to confirm it."
        self.pending = True
        self.send(game.format_move(move))
        return "Sent: waiting for the host to confirm your move…"
