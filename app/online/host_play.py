"""The host in plain mode: the one match loop over the host's session, one seat online.

`HostReferee` is what the host adds to a local plain game: the guest's turns come from
the connection (`guest_turn`: a move is checked against the rules before it is played,
and a refusal goes back in words), and every turn played goes out (`changed`, the
runner's `on_change`). The game itself is `MatchRunner` with the game's own driver.
"""

from __future__ import annotations

from typing import Any

from app.online.host_link import REJOIN_SECONDS
from app.online.host_turns import HostTurns
from app.online.protocol import Away, Bye, Move, TakebackAnswer, TakebackAsk
from app.online.texts import their_words
from app.plain.base import EndOfInput
from rules.base import IllegalMove, PlayerNo
from rules.match import MatchState
from rules.words.common import name_players
from rules.words.moves import describe_move
from rules.words.voice import Voice

#: How often a waiting referee looks whether the guest has been away too long.
POLL_SECONDS = 1.0

NO_TAKEBACKS = "Takebacks are not offered in a plain-mode online game."


class HostReferee:
    """The host's side of an online game in plain mode (see the module's docstring)."""

    def __init__(self, turns: HostTurns, say: Any) -> None:
        self.turns = turns
        self.link = turns.link
        self.game = turns.game
        self.say = say

    @property
    def names(self) -> tuple[str, str]:
        return self.turns.names

    @property
    def guest_seat(self) -> PlayerNo:
        return self.turns.guest_seat

    def changed(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        self.turns.changed(match, seconds)

    def guest_turn(self, state: Any) -> Any:
        """Wait for the guest's move for this turn; refuse what the rules refuse."""
        guest = self.names[self.guest_seat - 1]
        if self.link.away:
            self.say(f"Waiting for {guest} to come back.")
        while True:
            message = self.link.next_message(POLL_SECONDS)
            if message is None or isinstance(message, Away):
                if self.link.away and self.link.away_for() > REJOIN_SECONDS:
                    raise EndOfInput(f"{guest} did not come back")
                continue
            if isinstance(message, Bye):
                raise EndOfInput(f"{guest} left")
            if isinstance(message, TakebackAsk):
                self.link.refuse(NO_TAKEBACKS)
                continue
            if isinstance(message, TakebackAnswer) or not isinstance(message, Move):
                continue
            if message.number != self.turns.turn:
                continue
            try:
                move = self.game.parse_move(message.text)
                self.game.play(state, move)
            except (IllegalMove, ValueError) as error:
                reason = name_players(their_words(str(error)), self.names)
                self.link.refuse(reason, message.number)
                continue
            described = describe_move(self.game.id, state, move, Voice(self.names))
            self.say(f"{guest} (online): {described}.")
            return move
