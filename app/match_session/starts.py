"""Where a match session starts: a game's setup (a new match, or a record resumed), or a
single game played on from any position (the plain mode's `PlainDriver.run`, tests)."""

from __future__ import annotations

import time
from typing import Any

from app.match_session.keeping import Keeper
from app.match_session.session import Clock, MatchSession
from app.match_session.setup import GameSetup
from rules.base import Game, GameOptions, MoveT, OptionsT, StateT
from rules.match import MatchState, RoundResult, match_game, round_starter
from rules.record_check import match_of, seconds_of
from rules.records import GameRecord, PlayerInfo, players_of


def from_setup(
    setup: GameSetup,
    record: GameRecord | None = None,
    *,
    clock: Clock = time.monotonic,
    keeper: Keeper | None = None,
) -> MatchSession[Any, Any, Any]:
    """A new match of `setup`, or the unfinished (or finished) `record` resumed. The
    computer plays the seats set up with a level (as records name them)."""
    kinds = (setup.seats[0].record_kind, setup.seats[1].record_kind)
    return MatchSession(
        setup.new_match() if record is None else match_of(record),
        players_of(setup.names, kinds),
        seconds=None if record is None else seconds_of(record),
        started=None if record is None else record.started,
        ended=None if record is None else record.ended,
        record_id=None if record is None else record.id,
        takebacks=setup.takebacks,
        clock=clock,
        keeper=keeper,
    )


def one_game_from(game_id: str, start: Any) -> MatchState:
    """A match of a single game without a clock, to be played on from `start` (its
    options are the position's, whatever match they came from)."""
    options = getattr(start, "options", None)
    data = options.model_dump(mode="json") if isinstance(options, GameOptions) else {}
    match = MatchState(game_id=game_id, options=data)
    outcome = match_game(match).outcome(start)
    if outcome is None:
        return match
    # A position already decided: a match already won, with its one round.
    first = round_starter(match)
    result = RoundResult(number=1, first=first, moves=(), outcome=outcome)
    wins = (int(outcome.winner == 1), int(outcome.winner == 2))
    return match.model_copy(update={"results": (result,), "wins": wins})


def single_game(
    game: Game[OptionsT, StateT, MoveT],
    start: StateT,
    players: tuple[PlayerInfo, PlayerInfo] | None = None,
    clock: Clock = time.monotonic,
) -> MatchSession[OptionsT, StateT, MoveT]:
    """A single game of `game` played on from `start` (kept nowhere)."""
    return MatchSession(one_game_from(game.id, start), players, clock=clock, start=start)
