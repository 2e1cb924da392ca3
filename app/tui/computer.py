"""Computer players on the game screen: who plays by computer, and the messages their
turns post.

When the position changes and the computer is to move, the screen waits a moment (so
the move can be seen coming), then asks its helper process for the move (`Searches`: a
Textual worker of the group `bot`), so the screen stays responsive and quitting never
waits for it. The worker posts `ComputerMoved` (or `ComputerFailed`) to the screen,
which plays the move unless the position changed meanwhile (an undo, a rematch,
leaving: the screen then drops the question, which ends the search).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message

from app.tui.players import make_bot
from app.tui.session import GameSetup, Seat
from rules.base import Game, MoveT, OptionsT, PlayerNo, StateT

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6

#: A computer player of a game: the move it makes in a position (its turn).
Bot = Callable[[StateT], MoveT]


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


def ask_bot(bot: Bot[StateT, MoveT], state: StateT) -> tuple[MoveT, Bot[StateT, MoveT]]:
    """The bot's move in `state`, and the bot as it is after choosing it (in the helper
    process: a module-level function). The bot travels to the helper as a copy, so its
    random source moves on there; handing the copy back keeps the next move's choice
    random, as in a player that never left the app."""
    return bot(state), bot


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
