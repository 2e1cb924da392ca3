"""Computer players on the game screen: who plays by computer (the helper process's
`ask_bot`, in `app.process.helper_tasks`, answers their turns).
"""

from __future__ import annotations

from app.match_session.setup import GameSetup, Seat
from app.process.helper_tasks import Bot, ask_bot
from rules.base import Game, MoveT, OptionsT, PlayerNo, StateT
from rules.players import LEVELS, player_for

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6

__all__ = ["BOT_DELAY", "Bot", "ask_bot", "bots_for"]


def bots_for(
    setup: GameSetup, game: Game[OptionsT, StateT, MoveT]
) -> dict[PlayerNo, Bot[StateT, MoveT]]:
    bots: dict[PlayerNo, Bot[StateT, MoveT]] = {}
    seats: tuple[tuple[PlayerNo, Seat], ...] = ((1, setup.seats[0]), (2, setup.seats[1]))
    for player, seat in seats:
        if seat.kind == "computer" and seat.level in LEVELS:
            bots[player] = player_for(seat.level, game)
    return bots
