"""Computer players on the game screen: who plays by computer, and the messages their
turns post.

When the position changes and the computer is to move, the screen asks its helper
process for the move at once (`Searches`: a Textual worker of the group `bot`), so the
screen stays responsive and quitting never waits for it, and waits a moment for show
(so the move can be seen coming) while the helper searches. The move is played when
both are done: the pause is over and the helper has answered (`ComputerMoved`, or
`ComputerFailed`), unless the position changed meanwhile (an undo, a rematch, leaving:
the screen then drops the question, which ends the search). The function the helper
runs, `ask_bot`, lives in `app.process.helper_tasks`, which imports no Textual.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message

from app.process.helper_tasks import Bot, ask_bot
from app.tui.players import make_bot
from app.tui.session import GameSetup, Seat
from rules.base import Game, MoveT, OptionsT, PlayerNo, StateT

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6

__all__ = ["BOT_DELAY", "Bot", "ComputerFailed", "ComputerMoved", "ask_bot", "bots_for"]


def bots_for(
    setup: GameSetup, game: Game[OptionsT, StateT, MoveT]
) -> dict[PlayerNo, Bot[StateT, MoveT]]:
    """The computer players of `setup`'s seats, by seat (players of `game`, the screen's)."""
    bots: dict[PlayerNo, Bot[StateT, MoveT]] = {}
    seats: tuple[tuple[PlayerNo, Seat], ...] = ((1, setup.seats[0]), (2, setup.seats[1]))
    for player, seat in seats:
        if seat.kind == "computer":
            bot = make_bot(game, seat.level)
            if bot is not None:
                bots[player] = bot
    return bots


class ComputerMoved(Message):
    """The computer of seat `player` chose `move` in `state`; `bot` is the computer as it
    is after choosing (its random source moved on in the helper process)."""

    def __init__(self, state: Any, player: PlayerNo, move: Any, bot: Any) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.move = move
        self.bot = bot


class ComputerFailed(Message):
    """The computer found no move in `state`: `why`."""

    def __init__(self, state: Any, why: str) -> None:
        super().__init__()
        self.state = state
        self.why = why
