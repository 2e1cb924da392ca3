"""The position a guest's move is checked against on the host, before the referee sees it.

The host publishes a `Position` after every turn (`app.online.host_turns`); the link
(`app.online.host_link`) passes over a move sent again (`is_retry`: played
already, or made before a takeback) and refuses at once, in words, a move for a game
that is over, out of turn, for another seat or with another number (`move_refusal`). Every other move goes
to the referee, which checks it against the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.online.protocol import Move, Moved, Welcome, Why
from rules.base import PlayerNo


@dataclass
class Position:
    """What a guest is told when it joins, and what a move is checked against."""

    welcome: Welcome
    turn: int
    #: The seat to move (when the game is not over).
    to_move: PlayerNo
    over: bool = False
    #: Takebacks made so far: a move made before the last one is not played.
    takebacks: int = 0


def is_retry(position: Position | None, log: Sequence[Moved], move: Move) -> bool:
    """`move` was played already (its `moved` was sent), or was made before a takeback."""
    if position is not None and move.takebacks != position.takebacks:
        return True
    return move.number < len(log) and log[move.number].text == move.text


def move_refusal(position: Position | None, move: Move, seat: PlayerNo) -> tuple[str, Why] | None:
    """Why `move`, of the guest in `seat`, is refused before the referee sees it, in
    words and as a code (None: pass it on)."""
    if position is None or position.over:
        return "The game is over.", Why.GAME_OVER
    if move.number < position.turn:
        return f"Move {move.number} was played already.", Why.PLAYED_ALREADY
    if position.to_move != seat:
        other = position.welcome.names[position.to_move - 1]
        return f"It is not your turn: {other} is to move.", Why.NOT_YOUR_TURN
    if move.number != position.turn:
        return (
            f"That move is numbered {move.number}; the move to play is {position.turn}.",
            Why.OTHER_NUMBER,
        )
    return None
