"""The match behind a game screen: rounds, positions, the time each move took, the clock.

`MatchControl` holds no widgets. The screen asks it to play a move or to end a turn on
time, and reads back the position to show, the round's outcome, the match score, the
seconds left on the clock and the game record. The rounds themselves are `rules.match`:
a single game is a match of best of 1, and the template game's "first to N round wins"
is best of 2N - 1.

The clock counts only while the screen is looked at (`tick(running=...)`), so a rules
page or a dialog stops it. Its time source is the module function `clock`, which tests
replace to make time pass at once.
"""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime
from typing import Generic, cast

from app.tui.session import GameSetup
from rules.base import Game, MoveT, OptionsT, Outcome, PlayerNo, StateT
from rules.match import (
    MatchState,
    RoundResult,
    advance,
    current_state,
    match_game,
    match_outcome,
    round_options,
    round_starter,
    time_out,
)
from rules.record_check import match_of, seconds_of
from rules.records import GameRecord, players_of, record_from_match


def clock() -> float:
    """Seconds from any fixed point (tests replace this to make time pass at once)."""
    return time.monotonic()


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class MatchControl(Generic[OptionsT, StateT, MoveT]):
    """One match on screen, from its first move (or a record's) to its result; typed by
    its game's options, state and move (the screen's, which names the game)."""

    def __init__(self, setup: GameSetup, record: GameRecord | None = None) -> None:
        self.setup = setup
        self.match: MatchState = setup.new_match()
        #: The game of `setup` (the registry knows it by id; the screen, by its types).
        self.game: Game[OptionsT, StateT, MoveT] = match_game(self.match)
        #: Seconds each move of the match took, in order (one per move of every round).
        self.seconds: list[float] = []
        self.started = utc_now()
        self.ended: datetime | None = None
        self.record_id = uuid.uuid4().hex
        if record is not None:
            self.match = match_of(record)
            self.seconds = seconds_of(record)
            self.started = record.started
            self.ended = record.ended
            self.record_id = record.id
        #: The current round: the position shown, the positions before each move (for
        #: undo) and the moves as (player, notation).
        self.history: list[StateT] = []
        self.moves: list[tuple[PlayerNo, str]] = []
        #: How the shown round ended (None while it goes on).
        self.round_end: RoundResult | None = None
        self.turn_used = 0.0
        self._last = clock()
        #: The position shown.
        self.state: StateT = self._enter_round()

    def _enter_round(self) -> StateT:
        """The current round from its start, replaying the moves it has so far (into
        `history` and `moves`): the position it has reached."""
        self.history.clear()
        self.moves.clear()
        self.round_end = None
        if match_outcome(self.match) is not None:  # a finished record: its last round
            self.round_end = self.match.results[-1]
        # The round's options are this game's (the match was made from `setup`'s).
        state = self.game.new(cast(OptionsT, round_options(self.match)))
        for text in self.match.moves:
            self.history.append(state)
            self.moves.append((self.game.to_move(state), text))
            state = self.game.play_text(state, text)
        self.start_turn()
        return state

    # What the screen reads

    @property
    def turn_seconds(self) -> int | None:
        return self.match.turn_seconds

    @property
    def best_of(self) -> int:
        return self.match.best_of

    @property
    def wins(self) -> tuple[int, int]:
        return self.match.wins

    @property
    def round_number(self) -> int:
        """The number of the round shown (a finished round until the next one starts)."""
        if self.round_end is not None:
            return self.round_end.number
        return self.match.round_number

    @property
    def outcome(self) -> Outcome | None:
        """How the shown round ended (by the rules or on time), else None."""
        if self.round_end is None:
            return None
        return self.round_end.outcome

    @property
    def result(self) -> Outcome | None:
        """The match result once it is decided."""
        return match_outcome(self.match)

    @property
    def started_playing(self) -> bool:
        return bool(self.match.moves or self.match.results)

    @property
    def move_count(self) -> int:
        return len(self.seconds)

    def next_starter(self) -> PlayerNo:
        return round_starter(self.match)

    def seconds_left(self) -> int | None:
        """Whole seconds left on the clock of the player to move (None: no clock)."""
        if self.turn_seconds is None:
            return None
        return max(0, int(self.turn_seconds - self.turn_used + 0.999))

    # The clock

    def start_turn(self) -> None:
        self.turn_used = 0.0
        self._last = clock()

    def tick(self, running: bool) -> None:
        """Count the time since the last tick against the player to move, if `running`."""
        now = clock()
        if running and self.round_end is None:
            self.turn_used += max(0.0, now - self._last)
        self._last = now

    def out_of_time(self) -> bool:
        return self.turn_seconds is not None and self.turn_used >= self.turn_seconds

    # Playing

    def play(self, move: MoveT) -> bool:
        """Play `move` in the current round (IllegalMove on refusal); True when it ended
        the round. The time the turn took goes with the move."""
        before = self.state
        player: PlayerNo = self.game.to_move(before)
        finished = len(self.match.results)
        match, after = advance(self.match, move, current=before)
        self.match = match
        self.history.append(before)
        self.moves.append((player, self.game.format_move(move)))
        self.seconds.append(round(self.turn_used, 3))
        self.state = after
        self.start_turn()
        return self._round_ended(finished)

    def time_out(self) -> None:
        """The player to move ran out of time: they lose the round."""
        finished = len(self.match.results)
        player: PlayerNo = self.game.to_move(self.state)
        self.match = time_out(self.match, player, round(self.turn_used, 3), current=self.state)
        self._round_ended(finished)

    def _round_ended(self, finished: int) -> bool:
        if len(self.match.results) == finished:
            return False
        self.round_end = self.match.results[-1]
        if self.result is not None:
            self.ended = utc_now()
        return True

    def can_undo(self) -> bool:
        """A move of the round going on can be taken back (a decided match is final)."""
        return bool(self.history) and self.round_end is None

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.match = self.match.model_copy(update={"moves": self.match.moves[:-1]})
        self.state = self.history.pop()
        self.moves.pop()
        self.seconds.pop()
        self.start_turn()
        return True

    def next_round(self) -> None:
        """After a round's end: the next round's first position."""
        if self.round_end is not None and self.result is None:
            self.state = current_state(self.match)
            self.history.clear()
            self.moves.clear()
            self.round_end = None
            self.start_turn()

    # The record

    def record(self) -> GameRecord:
        """The game (or match) as it stands, as a game record."""
        one, two = (seat.record_kind for seat in self.setup.seats)
        players = players_of(self.setup.names, (one, two))
        return record_from_match(
            self.match, players, self.seconds, self.started, self.ended, self.record_id
        )
