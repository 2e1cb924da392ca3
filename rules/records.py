"""Game records: the one format for saves, replays, exports and statistics (DESIGN.md).

A record is checked by replaying its moves (`rules.record_check`), so a hand-edited file
with an illegal move is refused naming the move. A single game is a match of best of 1.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, ValidationError, field_validator

from rules.base import Frozen, IllegalMove, PlayerNo
from rules.match import (
    BestOf,
    MatchError,
    MatchState,
    TurnSeconds,
    all_moves,
    match_outcome,
    new_match,
    play_in_match,
)
from rules.names import tidy_name
from rules.registry import UnknownGame
from rules.validation import first_problem
from rules.words.outcome import record_reason

#: The record format this program writes; it reads this one and older ones.
FORMAT = 1

Kind = Literal["human", "easy", "medium", "perfect"]
KINDS: tuple[Kind, ...] = ("human", "easy", "medium", "perfect")
#: Longest player name a record holds (older records may exceed `rules.names.MAX_NAME`).
MAX_NAME = 64


class RecordError(ValueError):
    """A record that cannot be used; the message names the problem (and the move or line)."""


def _milliseconds(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("the seconds must be a finite number")
    return round(value, 3)  # milliseconds are plenty


Seconds = Annotated[float, Field(ge=0), AfterValidator(_milliseconds)]


class PlayerInfo(Frozen):
    """One seat: the player's name, and a person or the computer's level."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: Kind = "human"

    @field_validator("name", mode="before")
    @classmethod
    def _clean(cls, value: Any) -> Any:
        """Escape sequences and control characters never come back from a file."""
        return tidy_name(value, "", MAX_NAME) if isinstance(value, str) else value


class MoveEntry(Frozen):
    """One move in the game's notation and the seconds the player took for it."""

    move: str = Field(min_length=1)
    seconds: Seconds = 0.0


class RoundRecord(Frozen):
    """How one finished round of the record went (a single game has one round)."""

    number: int = Field(ge=1)
    first: PlayerNo
    #: How many of the record's moves belong to this round.
    moves: int = Field(ge=0)
    winner: PlayerNo
    reason: str
    #: Set when the round ended because the player to move ran out of time.
    seconds_used: Seconds | None = None


class RecordResult(Frozen):
    """How the game (or the match) ended: the winner and why."""

    winner: PlayerNo
    reason: str


def players_of(
    names: tuple[str, str] = ("Player 1", "Player 2"),
    kinds: tuple[Kind, Kind] = ("human", "human"),
) -> tuple[PlayerInfo, PlayerInfo]:
    return (PlayerInfo(name=names[0], kind=kinds[0]), PlayerInfo(name=names[1], kind=kinds[1]))


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class GameRecord(Frozen):
    """A game, finished or not, as saved, replayed, exported and counted."""

    format: int = FORMAT
    #: A unique id: the same game saved twice is counted once in the statistics.
    id: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1, max_length=64)
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: tuple[PlayerInfo, PlayerInfo] = Field(default_factory=players_of)
    moves: tuple[MoveEntry, ...] = ()
    best_of: BestOf = 1
    turn_seconds: TurnSeconds = None
    #: The finished rounds, in order (the round being played is not listed).
    rounds: tuple[RoundRecord, ...] = ()
    result: RecordResult | None = None
    started: datetime = Field(default_factory=_now)
    ended: datetime | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def names(self) -> tuple[str, str]:
        return (self.players[0].name, self.players[1].name)

    @property
    def is_match(self) -> bool:
        return self.best_of > 1

    @property
    def duration(self) -> float:
        """Seconds from start to end (or the time the moves took, for an unfinished game)."""
        if self.ended is not None:
            return max(0.0, (self.ended - self.started).total_seconds())
        return sum(entry.seconds for entry in self.moves)

    @property
    def score(self) -> tuple[int, int]:
        """Round wins so far."""
        one = sum(1 for r in self.rounds if r.winner == 1)
        return (one, len(self.rounds) - one)


def record_from_match(
    match: MatchState,
    players: tuple[PlayerInfo, PlayerInfo] | None = None,
    seconds: Sequence[float] | None = None,
    started: datetime | None = None,
    ended: datetime | None = None,
    record_id: str | None = None,
) -> GameRecord:
    """The record of a match as it stands; `seconds` has one entry per move (zeros when
    not given), and a finished match without `ended` ends when its seconds add up to."""
    texts = all_moves(match)
    times = [0.0] * len(texts) if seconds is None else [float(s) for s in seconds]
    if len(times) != len(texts):
        raise ValueError(f"{len(texts)} moves but {len(times)} times")
    outcome = match_outcome(match)
    started = started or _now()
    if outcome is not None and ended is None:
        used = sum(times) + sum(r.seconds_used or 0.0 for r in match.results)
        ended = started + timedelta(seconds=used)
    extra: dict[str, Any] = {} if record_id is None else {"id": record_id}
    return GameRecord(
        game=match.game_id,
        options=match.options,
        players=players or players_of(),
        moves=tuple(MoveEntry(move=t, seconds=s) for t, s in zip(texts, times, strict=True)),
        best_of=match.best_of,
        turn_seconds=match.turn_seconds,
        rounds=tuple(
            RoundRecord(
                **r.model_dump(include={"number", "first", "seconds_used"}),
                moves=len(r.moves),
                winner=r.winner,
                reason=r.reason,
            )
            for r in match.results
        ),
        result=None
        if outcome is None
        else RecordResult(winner=outcome.winner, reason=record_reason(outcome)),
        started=started,
        ended=ended if outcome is not None else None,
        **extra,
    )


def record_from_moves(
    game_id: str,
    options: Any = None,
    moves: Sequence[str] = (),
    players: tuple[PlayerInfo, PlayerInfo] | None = None,
    seconds: Sequence[float] | None = None,
    best_of: int | None = None,
    turn_seconds: int | None = None,
    started: datetime | None = None,
    ended: datetime | None = None,
) -> GameRecord:
    """The record of `moves` (notation) played from the start; RecordError names the move
    or the setting that is wrong."""
    try:
        match = new_match(game_id, options, best_of, turn_seconds)
    except (UnknownGame, MatchError, ValidationError) as error:
        raise RecordError(problem_of(error)) from None
    for number, text in enumerate(moves, start=1):
        try:
            match = play_in_match(match, text)
        except IllegalMove as error:
            raise RecordError(f"move {number} ({text!r}): {error}") from None
    return record_from_match(match, players, seconds, started, ended)


def newer_format(version: int) -> str:
    """Why a record of a newer `version` cannot be read."""
    return (
        f"format {version} is newer than this program understands (it reads format {FORMAT}); "
        "update Equation Duel to open it"
    )


def problem_of(error: Exception) -> str:
    """A one-line description of a validation or lookup error."""
    if isinstance(error, ValidationError):
        where, message = first_problem(error)
        return f"{where}: {message}" if where else message
    return str(error)
