"""The referee's account of the turns played, sent to the guests: the relay's
(`app.online.relay`: a hub's game, and `host`'s, a hub of two).

After every move or time-out the host publishes the position a guest's move is checked
against (`HostLink.publish`) and then the turn played (`Moved`), with its number; after a
takeback (the turns went back), the number of the next turn (`TakenBack`).
"""

from __future__ import annotations

from typing import Any

from app.online.host_link import HostLink
from app.online.host_position import Position
from app.online.protocol import VERSION, Moved, TakenBack, Welcome
from rules.base import Game, PlayerNo
from rules.match import MatchState, all_moves, current_state, match_outcome


def turns_of(match: MatchState) -> int:
    """Turns played in `match`: its moves and its time-outs (the next move's number)."""
    return len(all_moves(match)) + sum(result.timed_out for result in match.results)


class HostTurns:
    """The turns of the host's match, told to the link (see the module's docstring)."""

    def __init__(
        self,
        link: HostLink,
        game: Game[Any, Any, Any],
        names: tuple[str, str],
        record_id: str,
    ) -> None:
        self.link = link
        self.game = game
        self.names = names
        self.record_id = record_id
        #: Whether the guest may ask for hints (the host's choice).
        self.hints = False
        self.turn = 0
        self.timeouts = 0
        #: Takebacks made so far (a guest's move made before the last one is not played).
        self.takebacks = 0
        self.to_move: PlayerNo = 1

    def publish(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        """Tell the link the position a guest's move is checked against."""
        over = match_outcome(match) is not None
        turn = turns_of(match)
        if turn < self.turn:
            self.takebacks += 1
        self.turn = turn
        self.timeouts = sum(result.timed_out for result in match.results)
        if not over:
            self.to_move = self.game.to_move(current_state(match))
        welcome = Welcome(
            version=VERSION,
            seat=1,  # (each guest's welcome names its own: `HostLink`)
            names=self.names,
            match=match.model_dump(mode="json"),
            seconds=list(seconds),
            turn=self.turn,
            record_id=self.record_id,
            hints=self.hints,
            takebacks=self.takebacks,
        )
        self.link.publish(Position(welcome, self.turn, self.to_move, over, self.takebacks))

    def changed(self, match: MatchState, seconds: tuple[float, ...]) -> None:
        """After a move, a time-out or a takeback (the runner's `on_change`): the new
        position, then the turn played (or the turn taken back to), to the guest."""
        number, mover, timeouts = self.turn, self.to_move, self.timeouts
        self.publish(match, seconds)
        if self.turn < number:
            self.link.taken_back(TakenBack(number=self.turn, takebacks=self.takebacks))
            return
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
