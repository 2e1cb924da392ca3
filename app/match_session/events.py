"""What happened when a match session played a move or looked at the clock, as data.

Each front end renders them in its own way. Reasons quote the players as the rules do
("Player 1"): the front ends put the names in (`rules.words.common.name_players`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules.base import Outcome, PlayerNo
from rules.match import RoundResult


@dataclass(frozen=True)
class Played:
    """`player` played `move` (notation): the position went from `before` to `after`."""

    player: PlayerNo
    move: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Refused:
    """The move was not played: `reason` says why, in words."""

    reason: str


@dataclass(frozen=True)
class TurnLost:
    """The move was played, but the rules noted a consequence the move does not show
    (a countdown move that loses the turn, a collect declaration that fails): `note`."""

    player: PlayerNo
    note: str


@dataclass(frozen=True)
class ClockRanOut:
    """`player` used `seconds` of a turn limited to `limit`: they lose the round."""

    player: PlayerNo
    seconds: float
    limit: int


@dataclass(frozen=True)
class RoundOver:
    """The round ended (by the rules, or on time): `result` says how and who won."""

    result: RoundResult

    @property
    def outcome(self) -> Outcome:
        return self.result.outcome


@dataclass(frozen=True)
class MatchOver:
    """The match is decided (a single game: with its only round): `outcome`."""

    outcome: Outcome
    wins: tuple[int, int]


@dataclass(frozen=True)
class NotKept:
    """The game was played, but keeping it failed: `reason` says what and why
    (the statistics were not updated, the autosave slot could not be written)."""

    reason: str
    #: What was not kept: the statistics, or the autosave slot.
    part: Literal["statistics", "autosave"] = "autosave"


Event = Played | Refused | TurnLost | ClockRanOut | RoundOver | MatchOver | NotKept
