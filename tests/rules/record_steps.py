"""A record's positions, for the tests: the one it reaches (`state_of`) and every one in
order (`replay_steps`), each through `rules.record_check.match_of` (which checks it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.base import PlayerNo
from rules.match import RoundResult, match_game, match_outcome, round_options
from rules.record_check import match_of
from rules.records import GameRecord


def state_of(record: GameRecord) -> Any:
    """The position the record reaches: the current round's (or the last round's) state."""
    match = match_of(record)
    moves = match.moves
    return match_game(match).replay(round_options(match), moves)


@dataclass(frozen=True)
class ReplayStep:
    """One position of a replay: a round's start, or the position after a move."""

    round: int
    #: The move's number in the whole record (from 1); 0 (and no move) at a round's start.
    number: int
    move: str | None
    player: PlayerNo | None
    seconds: float | None
    state: Any
    #: What ended the round here, e.g. "Player 2's time ran out".
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
