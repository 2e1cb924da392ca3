"""One match, from its first move (or a record's) to its result, without a screen.

`MatchSession` owns the course of a match: the position, the rounds (`rules.match`: a
single game is a match of best of 1), the turn clock, takebacks, the end of the game and
of the match, counting the result once and the autosave slot (its `Keeper`). Its verbs
return what happened as data (`app.match_session.events`):

    session.play(move)      -> (Played, [TurnLost], [RoundOver, [MatchOver]], [NotKept])
                               or (Refused,)
    session.check_clock()   -> () or (ClockRanOut, RoundOver, [MatchOver], ...)

The clock counts only while the front end says it runs (`tick(running)`); the plain
mode measures a turn itself and hands the seconds to `play` or `time_out`.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Generic, cast

from app.match_session.events import (
    ClockRanOut,
    Event,
    MatchOver,
    NotKept,
    Played,
    Refused,
    RoundOver,
    TurnLost,
)
from app.match_session.keeping import Keeper, KeepNothing, not_counted
from rules.base import Game, IllegalMove, MoveT, OptionsT, Outcome, PlayerNo, StateT
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
from rules.records import GameRecord, PlayerInfo, players_of, record_from_match

#: A time source: seconds from any fixed point (`time.monotonic`; tests move one by hand).
Clock = Callable[[], float]


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class MatchSession(Generic[OptionsT, StateT, MoveT]):
    """One match of one game (see the module's docstring)."""

    def __init__(
        self,
        match: MatchState,
        players: tuple[PlayerInfo, PlayerInfo] | None = None,
        *,
        seconds: Sequence[float] | None = None,
        started: datetime | None = None,
        ended: datetime | None = None,
        record_id: str | None = None,
        takebacks: bool = True,
        clock: Clock = time.monotonic,
        keeper: Keeper | None = None,
        start: StateT | None = None,
        computers: frozenset[PlayerNo] | None = None,
    ) -> None:
        """`seconds`: one per move played. `start`: a single game played on from this
        position instead of the rules' first. `computers`: the seats the computer plays
        (default: those `players` names so)."""
        self.match = match
        self.players = players or players_of()
        self.game: Game[OptionsT, StateT, MoveT] = match_game(match)
        self.seconds: list[float] = list(seconds or ())
        self.started = started or utc_now()
        self.ended = ended
        self.record_id = record_id or uuid.uuid4().hex
        self.takebacks = takebacks
        #: The time source (a test or an online seat replaces it), and the seconds the
        #: player to move has used of this turn.
        self.clock = clock
        self.turn_used = 0.0
        self._last = clock()
        self.keeper: Keeper = keeper or KeepNothing()
        self._start = start
        self._computers = computers
        #: The record id of the match last counted in the statistics.
        self._counted: str | None = None
        #: The current round: the positions before each move, the moves (player, notation).
        self.history: list[StateT] = []
        self.moves: list[tuple[PlayerNo, str]] = []
        #: How the shown round ended (None while it goes on).
        self.round_end: RoundResult | None = None
        self.state: StateT = self._enter_round()

    def _enter_round(self) -> StateT:
        self.history.clear()
        self.moves.clear()
        self.round_end = None
        if match_outcome(self.match) is not None:  # a finished record: its last round
            self.round_end = self.match.results[-1]
        state = self._start
        if state is None:
            state = self.game.new(cast(OptionsT, round_options(self.match)))
        for text in self.match.moves:
            self.history.append(state)
            self.moves.append((self.game.to_move(state), text))
            state = self.game.play_text(state, text)
        self.start_turn()
        return state

    # What the front ends read

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
        """The round shown (a finished round until the next one starts)."""
        return self.round_end.number if self.round_end is not None else self.match.round_number

    @property
    def outcome(self) -> Outcome | None:
        """How the shown round ended (by the rules or on time), else None."""
        return None if self.round_end is None else self.round_end.outcome

    @property
    def result(self) -> Outcome | None:
        return match_outcome(self.match)

    @property
    def is_over(self) -> bool:
        """The shown round is over (the next one starts with `next_round`)."""
        return self.round_end is not None

    @property
    def to_move(self) -> PlayerNo:
        return self.game.to_move(self.state)

    @property
    def computers(self) -> frozenset[PlayerNo]:
        if self._computers is not None:
            return self._computers
        return frozenset(p for p in (1, 2) if self.players[p - 1].kind != "human")

    @property
    def started_playing(self) -> bool:
        return bool(self.match.moves or self.match.results)

    @property
    def in_progress(self) -> bool:
        """Started and not decided: an unfinished game, kept for later."""
        return self.started_playing and self.result is None

    @property
    def move_count(self) -> int:
        return len(self.seconds)

    def next_starter(self) -> PlayerNo:
        return round_starter(self.match)

    # The clock

    def start_turn(self) -> None:
        self.turn_used = 0.0
        self._last = self.clock()

    def tick(self, running: bool) -> None:
        """Count the time since the last tick, if `running` (and the round goes on)."""
        now = self.clock()
        if running and self.round_end is None:
            self.turn_used += max(0.0, now - self._last)
        self._last = now

    def seconds_left(self) -> int | None:
        """Whole seconds left on the clock of the player to move (None: no clock)."""
        if self.turn_seconds is None:
            return None
        return max(0, int(self.turn_seconds - self.turn_used + 0.999))

    def out_of_time(self) -> bool:
        return self.turn_seconds is not None and self.turn_used >= self.turn_seconds

    def time_out(self, seconds: float | None = None) -> tuple[Event, ...]:
        """The player to move ran out of time (after `seconds`, default the clock's)."""
        if self.round_end is not None or self.turn_seconds is None:
            return ()
        used = round(self.turn_used if seconds is None else seconds, 3)
        player = self.to_move
        finished = len(self.match.results)
        self.match = time_out(self.match, player, used, current=self.state)
        return (ClockRanOut(player, used, self.turn_seconds), *self._after(finished))

    # Playing

    def play(self, move: MoveT | str, seconds: float | None = None) -> tuple[Event, ...]:
        """Play `move` (the game's move, or notation) in the current round, with the time
        the turn took (`seconds`, default the clock's); what happened."""
        if self.round_end is not None:
            over = "The game is over." if self.result is not None else None
            return (Refused(over or "The round is over: the next one has not started."),)
        before = self.state
        player = self.game.to_move(before)
        finished = len(self.match.results)
        try:
            parsed = self.game.parse_move(move) if isinstance(move, str) else move
            text = self.game.format_move(parsed)
            if not isinstance(move, str):  # a move its notation cannot give back (a `:`
                self.game.parse_move(text)  # typed in a declaration) is refused, not kept
            match, after = advance(self.match, parsed, current=before)
        except IllegalMove as error:
            return (Refused(str(error)),)
        self.match = match
        self.history.append(before)
        self.moves.append((player, text))
        self.seconds.append(round(self.turn_used if seconds is None else max(0.0, seconds), 3))
        self.state = after
        self.start_turn()
        events: list[Event] = [Played(player, text, before, after)]
        note = after.note
        if note and len(match.results) == finished:  # (a round's end says its own)
            events.append(TurnLost(player, note))
        return (*events, *self._after(finished))

    def _after(self, finished: int) -> tuple[Event, ...]:
        if len(self.match.results) == finished:
            return self._keep()
        self.round_end = self.match.results[-1]
        events: list[Event] = [RoundOver(self.round_end)]
        result = self.result
        if result is None:
            return (*events, *self._keep())
        self.ended = utc_now()
        events.append(MatchOver(result, self.wins))
        events.extend(self.finish())
        return tuple(events)

    def _keep(self) -> tuple[Event, ...]:
        why = self.keep()
        return () if why is None or isinstance(why, Path) else (NotKept(why),)

    def keep(self) -> Path | str | None:
        """Keep an unfinished game in the autosave slot: where (None: not kept, as a
        game not started or finished is not), or why it failed."""
        if not self.in_progress:
            return None
        try:
            kept = self.keeper.keep(self.record())
        except OSError as error:
            return f"The game could not be kept for later: {error.strerror or error}"
        return kept.notice if kept.notice is not None else kept.path

    def finish(self) -> tuple[Event, ...]:
        """Count the decided match in the statistics (once), and clear its autosave."""
        record = self.record()
        if self.result is None or self._counted == record.id:
            return ()
        self._counted = record.id
        events: list[Event] = []
        try:
            self.keeper.count(record)
        except (OSError, ValueError) as error:
            events.append(not_counted(error))
        try:
            self.keeper.clear(record)
        except OSError as error:
            events.append(NotKept(f"The finished game's autosave stays: {error}"))
        return tuple(events)

    # Takebacks

    @property
    def all_human(self) -> bool:
        return not self.computers

    @property
    def takebacks_allowed(self) -> bool:
        return self.all_human or self.takebacks

    def can_undo(self) -> bool:
        """A move of the round going on can be taken back (a decided round is final)."""
        return bool(self.history) and self.round_end is None

    def can_take_back(self) -> bool:
        """Between people: any move of the round. Against the computer: while a move of
        a person is there to take back (with the computer's replies after it)."""
        if not self.takebacks_allowed or not self.can_undo():
            return False
        return self.all_human or any(p not in self.computers for p, _ in self.moves)

    def undo(self) -> bool:
        """Take back the round's last move, whoever made it."""
        if not self.can_undo():
            return False
        self.match = self.match.model_copy(update={"moves": self.match.moves[:-1]})
        self.state = self.history.pop()
        self.moves.pop()
        self.seconds.pop()
        self.start_turn()
        return True

    def take_back(self) -> str | None:
        """Take back what undo takes back; what to say of it (None: nothing was).
        Against the computer: its replies, then the person's move before them."""
        if not self.can_take_back():
            return None
        if self.all_human:
            self.undo()
            self.keep()  # (a problem keeping it was told at the move before)
            return "Took back the last move."
        taken = 0
        while self.can_undo():
            player, _ = self.moves[-1]
            self.undo()
            taken += 1
            if player not in self.computers:
                break
        self.keep()
        if taken == 1:
            return "Took back your last move."
        return "Took back your last move and the computer's reply."

    # Rounds and the record

    def next_round(self) -> StateT:
        if self.round_end is not None and self.result is None:
            self.state = cast(StateT, current_state(self.match))
            self.history.clear()
            self.moves.clear()
            self.round_end = None
            self.start_turn()
            self.keep()
        return self.state

    def record(self) -> GameRecord:
        return record_from_match(
            self.match, self.players, self.seconds, self.started, self.ended, self.record_id
        )
