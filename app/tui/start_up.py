"""The game the command line names (`equation-duel play GAME`): the app opens straight
into it, or, with options that cannot be used, into its setup screen, saying why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError

from app.match_session.setup import GameSetup, Seat, clean_name
from app.tui.players import seats_named
from rules.match import MatchError
from rules.validation import all_problems

if TYPE_CHECKING:  # (this module, pydantic and the rules are imported only when a game is given)
    from app.tui.app import EquationDuelApp
    from rules.base import PlayerNo


def open_given_game(app: EquationDuelApp, game_id: str) -> None:
    seats = (given_seat(app, 1), given_seat(app, 2))
    try:
        setup = GameSetup.make(
            game_id, app.start_options, seats, app.start_best_of, app.start_turn_seconds
        )
    except (ValidationError, MatchError) as error:
        problems = all_problems(error) if isinstance(error, ValidationError) else str(error)
        app.open_setup(game_id, GameSetup.make(game_id, seats=seats))
        app.notify(
            f"Those options cannot be used: {problems}",
            severity="error",
            timeout=8,
            markup=False,
        )
        return
    app.start_game(setup, app.start_moves)


def given_seat(app: EquationDuelApp, player: PlayerNo) -> Seat:
    names = app.start_names
    cleaned = (clean_name(names[0], 1), clean_name(names[1], 2))
    levels = (app.start_levels[0], app.start_levels[1])
    return seats_named(cleaned, levels)[player - 1]  # a computer, not "Player 2"
