"""Game records: the one format for saves, replays, exports and statistics (DESIGN.md).

A record is JSON: the `format` version, the game id and options, the two players (name;
human or a computer level), every move in notation with the seconds it took, the match
settings and each finished round, the result and why, and the start and end times. A
record is checked by replaying its moves through the rules, so a hand-edited file with
an illegal move is refused with a message naming the move. `from_json` raises
`RecordError` for anything wrong, never another exception.

A single game is a match of best of 1: it has one round, and its result is the game's.
"""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from rules.base import Frozen, Game, IllegalMove, PlayerNo, other
from rules.match import (
    MAX_BEST_OF,
    MatchError,
    MatchState,
    RoundResult,
    advance,
    all_moves,
    check_best_of,
    check_turn_seconds,
    match_game,
    match_outcome,
    new_match,
    play_in_match,
    round_options,
    time_out,
)
from rules.registry import GAME_IDS, UnknownGame, get_game

#: The record format this program writes; it reads this one and older ones.
FORMAT = 1

Kind = Literal["human", "easy", "medium", "perfect"]
KINDS: tuple[Kind, ...] = ("human", "easy", "medium", "perfect")
#: Longest player name a record holds.
MAX_NAME = 64


class RecordError(ValueError):
    """A record that cannot be used; the message names the problem (and the move or line)."""


class PlayerInfo(Frozen):
    """One seat: the player's name, and whether a person or the computer (at a level) plays."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: Kind = "human"

    @property
    def is_computer(self) -> bool:
        return self.kind != "human"


class MoveEntry(Frozen):
    """One move in the game's notation and the seconds the player took for it."""

    move: str = Field(min_length=1)
    seconds: float = Field(default=0.0, ge=0)

    @field_validator("seconds")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value):
            raise ValueError("the seconds must be a finite number")
        return round(value, 3)  # milliseconds are plenty


class RoundRecord(Frozen):
    """How one finished round of the record went (a single game has one round)."""

    number: int = Field(ge=1)
    first: PlayerNo
    #: How many of the record's moves belong to this round.
    moves: int = Field(ge=0)
    winner: PlayerNo
    reason: str
    #: Set when the round ended because the player to move ran out of time.
    seconds_used: float | None = Field(default=None, ge=0)

    @field_validator("seconds_used")
    @classmethod
    def _milliseconds(cls, value: float | None) -> float | None:
        if value is not None and not math.isfinite(value):
            raise ValueError("the seconds must be a finite number")
        return None if value is None else round(value, 3)


class RecordResult(Frozen):
    """How the game (or the match) ended: the winner and why."""

    winner: PlayerNo
    reason: str


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class GameRecord(Frozen):
    """A game, finished or not, as saved, replayed, exported and counted."""

    format: int = FORMAT
    #: A unique id: the same game saved twice is counted once in the statistics.
    id: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1, max_length=64)
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: tuple[PlayerInfo, PlayerInfo] = (
        PlayerInfo(name="Player 1"),
        PlayerInfo(name="Player 2"),
    )
    moves: tuple[MoveEntry, ...] = ()
    best_of: int = Field(default=1, ge=1, le=MAX_BEST_OF)
    turn_seconds: int | None = None
    #: The finished rounds, in order (the round being played is not listed).
    rounds: tuple[RoundRecord, ...] = ()
    result: RecordResult | None = None
    started: datetime = Field(default_factory=_now)
    ended: datetime | None = None

    @field_validator("best_of")
    @classmethod
    def _odd_best_of(cls, value: int) -> int:
        return check_best_of(value)

    @field_validator("turn_seconds")
    @classmethod
    def _clock_in_range(cls, value: int | None) -> int | None:
        return check_turn_seconds(value)

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


# Building records.


def players_of(
    names: tuple[str, str] = ("Player 1", "Player 2"),
    kinds: tuple[Kind, Kind] = ("human", "human"),
) -> tuple[PlayerInfo, PlayerInfo]:
    return (PlayerInfo(name=names[0], kind=kinds[0]), PlayerInfo(name=names[1], kind=kinds[1]))


def record_from_match(
    match: MatchState,
    players: tuple[PlayerInfo, PlayerInfo] | None = None,
    seconds: Sequence[float] | None = None,
    started: datetime | None = None,
    ended: datetime | None = None,
    record_id: str | None = None,
) -> GameRecord:
    """The record of a match as it stands (finished or not).

    `seconds` has one entry per move (`all_moves(match)`), zeros when not given. A
    finished match without `ended` ends at `started` plus the seconds taken.
    """
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
                number=r.number,
                first=r.first,
                moves=len(r.moves),
                winner=r.winner,
                reason=r.reason,
                seconds_used=r.seconds_used,
            )
            for r in match.results
        ),
        result=None if outcome is None else RecordResult(**outcome.model_dump()),
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
    """The record of `moves` (notation) played from the start of a game or match.

    Raises RecordError naming the move that cannot be played, or the setting that is wrong.
    """
    try:
        match = new_match(game_id, options, best_of, turn_seconds)
    except (UnknownGame, MatchError, ValidationError) as error:
        raise RecordError(_problem(error)) from None
    for number, text in enumerate(moves, start=1):
        try:
            match = play_in_match(match, text)
        except IllegalMove as error:
            raise RecordError(f"move {number} ({text!r}): {error}") from None
    return record_from_match(match, players, seconds, started, ended)


def with_moves(record: GameRecord, match: MatchState, seconds: Sequence[float]) -> GameRecord:
    """The same game (id, players, start) brought up to date with `match`."""
    return record_from_match(match, record.players, seconds, record.started, None, record.id)


# Checking records by replaying them.


def match_of(record: GameRecord) -> MatchState:
    """The match the record describes, checked move by move against the rules.

    Raises RecordError naming the problem: an unknown game, bad options, a move that is
    not legal (its number and text), rounds or a result that the moves do not give.
    """
    if record.format > FORMAT:
        raise RecordError(_future(record.format))
    if record.game not in GAME_IDS:
        raise RecordError(f"unknown game {record.game!r} (the games are {', '.join(GAME_IDS)})")
    try:
        match = new_match(record.game, record.options, record.best_of, record.turn_seconds)
    except (MatchError, ValidationError) as error:
        raise RecordError(f"options: {_problem(error)}") from None
    game = match_game(match)
    number = 0  # the move's number in the whole record, from 1
    state = game.new(round_options(match))
    rounds = list(record.rounds)
    while True:
        finished = len(match.results)
        wanted = rounds[finished] if finished < len(rounds) else None
        if (
            wanted is not None
            and wanted.seconds_used is not None
            and len(match.moves) == wanted.moves
            and match_outcome(match) is None
        ):  # the clock ended this round here
            if match.turn_seconds is None:
                raise RecordError(
                    f"round {wanted.number}: the record says the time ran out, but the game "
                    "has no clock (turn_seconds)"
                )
            player = game.to_move(state)
            if wanted.winner != other(player):
                raise RecordError(
                    f"round {wanted.number}: Player {player} was to move when the time "
                    f"ran out, so Player {other(player)} wins the round, not Player "
                    f"{wanted.winner}"
                )
            match = time_out(match, player, wanted.seconds_used, current=state)
            state = _after_round(match, state, game, rounds)
            continue
        if number >= len(record.moves):
            break
        entry = record.moves[number]
        number += 1
        if match_outcome(match) is not None:
            raise RecordError(f"move {number} ({entry.move!r}): the game is already over")
        try:
            match, after = advance(match, entry.move, current=state)
        except IllegalMove as error:
            raise RecordError(f"move {number} ({entry.move!r}): {error}") from None
        except Exception as error:  # a record must never crash the program
            raise RecordError(f"move {number} ({entry.move!r}): {error}") from None
        state = (
            after if len(match.results) == finished else _after_round(match, after, game, rounds)
        )
    _check_rounds(match, rounds)
    _check_result(record, match)
    return match


def _after_round(
    match: MatchState, last: Any, game: Game[Any, Any, Any], rounds: list[RoundRecord]
) -> Any:
    """Check the round just finished against the record; the next round's first state."""
    index = len(match.results) - 1
    played = match.results[index]
    if index >= len(rounds):
        raise RecordError(
            f"round {played.number} ended after move {len(all_moves(match))} "
            f"({played.reason}), but the record does not list it"
        )
    wanted = rounds[index]
    said = (wanted.number, wanted.first, wanted.moves, wanted.winner, wanted.reason)
    found = (played.number, played.first, len(played.moves), played.winner, played.reason)
    if said != found:
        raise RecordError(
            f"round {played.number}: the record says {_round_words(*said)}, "
            f"but the moves give {_round_words(*found)}"
        )
    if match_outcome(match) is not None:
        return last
    return game.new(round_options(match))


def _round_words(number: int, first: int, moves: int, winner: int, reason: str) -> str:
    return (
        f"round {number} (Player {first} starting, {moves} moves) won by Player {winner}: {reason}"
    )


def _check_rounds(match: MatchState, rounds: list[RoundRecord]) -> None:
    if len(rounds) > len(match.results):
        extra = rounds[len(match.results)]
        raise RecordError(
            f"round {extra.number}: the record lists it as finished, but its moves do not end it"
        )


def _check_result(record: GameRecord, match: MatchState) -> None:
    outcome = match_outcome(match)
    if outcome is None:
        if record.result is not None:
            raise RecordError(
                f"result: the record says Player {record.result.winner} won, but the game "
                f"is not over after its {len(record.moves)} moves"
            )
        return
    if record.result is None:
        raise RecordError(
            f"result: the moves end the game (Player {outcome.winner} wins: {outcome.reason}), "
            "but the record has no result"
        )
    if (record.result.winner, record.result.reason) != (outcome.winner, outcome.reason):
        raise RecordError(
            f"result: the record says Player {record.result.winner} won ({record.result.reason}), "
            f"but the moves give Player {outcome.winner} ({outcome.reason})"
        )


def validate(record: GameRecord) -> GameRecord:
    """The record, once its moves replay to its rounds and result (else RecordError)."""
    match_of(record)
    return record


def state_of(record: GameRecord) -> Any:
    """The position the record reaches: the current round's (or the last round's) state."""
    match = match_of(record)
    moves = match.moves
    return match_game(match).replay(round_options(match), moves)


def seconds_of(record: GameRecord) -> list[float]:
    return [entry.seconds for entry in record.moves]


# Stepping through a record (the replay screen).


@dataclass(frozen=True)
class ReplayStep:
    """One position of a replay: a round's start, or the position after a move."""

    round: int
    #: The move's number in the whole record (from 1); 0 at a round's start.
    number: int
    #: The move in notation (None at a round's start).
    move: str | None
    #: Who made the move (None at a round's start).
    player: PlayerNo | None
    seconds: float | None
    #: The position after the move (or the round's first position).
    state: Any
    #: What ended the round here, e.g. "Player 2's time ran out" (None while it goes on).
    event: str | None = None


def replay_steps(record: GameRecord) -> list[ReplayStep]:
    """Every position of the record in order, round by round (checks it first)."""
    match = match_of(record)
    game = match_game(match)
    steps: list[ReplayStep] = []
    number = 0
    round_moves: list[tuple[int, int, RoundResult | None]] = [
        (r.number, len(r.moves), r) for r in match.results
    ]
    if match_outcome(match) is None:
        round_moves.append((match.round_number, len(match.moves), None))
    for round_number, count, result in round_moves:
        state = game.new(round_options(match, round_number))
        steps.append(ReplayStep(round_number, 0, None, None, None, state))
        for _ in range(count):
            entry = record.moves[number]
            number += 1
            player = game.to_move(state)
            state = game.play_text(state, entry.move)
            steps.append(ReplayStep(round_number, number, entry.move, player, entry.seconds, state))
        if result is not None:
            last = steps[-1]
            event = result.reason
            steps[-1] = ReplayStep(
                last.round, last.number, last.move, last.player, last.seconds, last.state, event
            )
    return steps


# JSON.


def to_json(record: GameRecord) -> str:
    """The record as JSON text (indented, ending with a newline)."""
    return record.model_dump_json(indent=2) + "\n"


def from_json(text: str | bytes, check: bool = True) -> GameRecord:
    """The record in `text`, checked by replaying it (unless `check` is False).

    Raises RecordError for anything wrong: not JSON (line and column), cut short, a
    `format` newer than this program, missing or wrong fields, an unknown game, an
    illegal move (its number and text). Never another exception.
    """
    try:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise RecordError(f"not UTF-8 text (byte {error.start + 1})") from None
        if not text.strip():
            raise RecordError("the file is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            if error.msg.startswith("Unterminated string") or not text[error.pos :].strip():
                raise RecordError(
                    f"the JSON ends too early at line {error.lineno} column {error.colno} "
                    "(the file is cut short)"
                ) from None
            raise RecordError(
                f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
            ) from None
        return from_data(data, check)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("not a game record (nested too deeply)") from None
    except Exception as error:  # never anything but RecordError
        raise RecordError(f"not a game record ({type(error).__name__}: {error})") from None


def from_data(data: Any, check: bool = True) -> GameRecord:
    """The record in parsed JSON data (see `from_json`)."""
    if not isinstance(data, dict):
        raise RecordError(f"not a game record (a JSON {_json_kind(data)}, not an object)")
    version = data.get("format")
    if version is None:
        raise RecordError("not a game record (no `format` field)")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"format {version!r} is not a record format version")
    if version > FORMAT:
        raise RecordError(_future(version))
    game_id = data.get("game")
    if isinstance(game_id, str) and game_id not in GAME_IDS:
        raise RecordError(f"unknown game {game_id!r} (the games are {', '.join(GAME_IDS)})")
    data = _upgrade(data, version)
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as error:
        raise RecordError(_problem(error)) from None
    if check:
        match_of(record)
    return record


def _upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """Data of an older format brought to the current one (format 1 is the first)."""
    return {**data, "format": FORMAT}


def _future(version: int) -> str:
    return (
        f"format {version} is newer than this program understands (it reads format {FORMAT}); "
        "update Equation Duel to open it"
    )


def _json_kind(data: Any) -> str:
    if isinstance(data, list):
        return "list"
    if isinstance(data, str):
        return "string"
    if data is None:
        return "null"
    return "number" if isinstance(data, int | float) else type(data).__name__


def _problem(error: Exception) -> str:
    """A one-line description of a validation or lookup error."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        return f"{where}: {message}" if where else message
    if isinstance(error, UnknownGame):
        return str(error)
    return str(error)


def game_of(record: GameRecord) -> Game[Any, Any, Any]:
    """The record's game (RecordError for an unknown one)."""
    try:
        return get_game(record.game)
    except UnknownGame as error:
        raise RecordError(str(error)) from None
