"""Checking a game record by replaying it through the rules (`match_of`). Anything wrong
is a `RecordError` naming the move or round.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from rules.base import Game, other
from rules.match import (
    MatchError,
    MatchState,
    advance,
    all_moves,
    match_game,
    match_outcome,
    new_match,
    round_options,
    time_out,
)
from rules.names import strip_controls
from rules.records import FORMAT, GameRecord, RecordError, RoundRecord, newer_format, problem_of
from rules.registry import GAME_IDS
from rules.words.outcome import record_reason


def match_of(record: GameRecord) -> MatchState:
    """The match the record describes, checked move by move; RecordError names what is
    wrong (the game, the options, a move, a round or the result)."""
    if record.format > FORMAT:
        raise RecordError(newer_format(record.format))
    if record.game not in GAME_IDS:
        raise RecordError(f"unknown game {record.game!r} (the games are {', '.join(GAME_IDS)})")
    try:
        match = new_match(record.game, record.options, record.best_of, record.turn_seconds)
    except (MatchError, ValidationError) as error:
        raise RecordError(f"options: {problem_of(error)}") from None
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
        except Exception as error:  # an illegal move; and a record must never crash the program
            said = strip_controls(str(error))  # a message may quote the move: no terminal codes
            raise RecordError(f"move {number} ({entry.move!r}): {said}") from None
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
            f"result: the moves end the game (Player {outcome.winner} wins: {record_reason(outcome)}), "
            "but the record has no result"
        )
    if (record.result.winner, record.result.reason) != (outcome.winner, record_reason(outcome)):
        raise RecordError(
            f"result: the record says Player {record.result.winner} won ({record.result.reason}), "
            f"but the moves give Player {outcome.winner} ({record_reason(outcome)})"
        )


def validate(record: GameRecord) -> GameRecord:
    """The record, once its moves replay to its rounds and result (else RecordError)."""
    match_of(record)
    return record


def seconds_of(record: GameRecord) -> list[float]:
    return [entry.seconds for entry in record.moves]
