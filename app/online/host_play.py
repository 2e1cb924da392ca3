"""The host in plain mode: the one match loop over the host's session, one seat online.

`HostReferee` is what the host adds to a local plain game: the guest's turns come from
the connection (`guest_turn`: a move is checked against the rules before it is played,
and a refusal goes back in words), and every turn played goes out (`changed`, the
runner's `on_change`). The game itself is `MatchRunner` with the game's own driver.
"""

from __future__ import annotations

from typing import Any

from app.online.host_link import REJOIN_SECONDS, HostLink, Position
from app.online.protocol import (
    VERSION,
    Away,
    Bye,
    Move,
    Moved,
    TakebackAnswer,
    TakebackAsk,
    Welcome,
)
from app.online.texts import their_words
from app.plain.base import EndOfInput
from rules.base import Game, IllegalMove, PlayerNo
from rules.match import MatchState, all_moves, current_state, match_outcome
from rules.words.common import name_players
from rules.words.moves import describe_move
from rules.words.voice import Voice

#: How often a waiting referee looks whether the guest has been away too long.
POLL_SECONDS = 1.0

NO_TAKEBACKS = "Takebacks are not offered in a plain-mode online game."


def turns_of(match: MatchState) -> int:
    """Turns played in `match`: its moves and its time-outs (the next move's number)."""
    return len(all_moves(match)) + sum(result.timed_out for result in match.results)


class HostReferee:
    """The host's side of an online game (see the module's docstring)."""

    def __init__(
        self,
        link: HostLink,
        game: Game[Any, Any, Any],
        names: tuple[str, str],
        guest_seat: PlayerNo,
        record_id: str,
        say: Any,
    ) -> None:
        self.link = link
        self.game = game
        self.names = names
        self.guest_seat = guest_seat
        self.record_id = record_id
        self.say = say
        self.turn = 0
        self.timeouts = 0
        self.to_move: PlayerNo = 1

    def publish(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        """Tell the link the position a guest's move is checked against."""
        over = match_outcome(match) is not None
        self.turn = turns_of(match)
        self.timeouts = sum(result.timed_out for result in match.results)
        if not over:
            self.to_move = self.game.to_move(current_state(match))
        welcome = Welcome(
            version=VERSION,
            seat=self.guest_seat,
            names=self.names,
            match=match.model_dump(mode="json"),
            seconds=list(seconds),
            turn=self.turn,
            record_id=self.record_id,
        )
        guest_to_move = not over and self.to_move == self.guest_seat
        self.link.publish(Position(welcome, self.turn, guest_to_move, over))

    def changed(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        """After a move or a time-out (the runner's `on_change`): the new position, then
        the turn played, to the guest."""
        number, mover, timeouts = self.turn, self.to_move, self.timeouts
        self.publish(match, seconds)
        if self.turn != number + 1:
            return
        if self.timeouts > timeouts:
            result = [result for result in match.results if result.timed_out][-1]
            moved = Moved(
                number=number,
                player=mover,
                text="",
                seconds=result.seconds_used or 0.0,
                timed_out=True,
            )
        else:
            moved = Moved(
                number=number, player=mover, text=all_moves(match)[-1], seconds=seconds[-1]
            )
        self.link.played(moved)

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
            if message.number != self.turn:
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
