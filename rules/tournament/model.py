"""A tournament as data. Points: a won pairing 1, a lost one 0 (no draws); a Swiss bye 1, a
round-robin bye 0 (every player of an odd group has one); a forfeit 1 to the one who came.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.base import Frozen as _Frozen

Format = Literal["round-robin", "swiss"]
FORMATS: tuple[Format, ...] = ("round-robin", "swiss")
#: How a pairing stands: to be played, played (or entered by hand), postponed (a round
#: robin pairing with an absent player, to be played later), won by forfeit.
Status = Literal["pending", "played", "postponed", "forfeit"]

#: The largest class a tournament holds, and the most rounds a Swiss may have.
MAX_PLAYERS = 200
MAX_ROUNDS = 50


class TournamentError(ValueError):
    """A tournament step that cannot be done; the message says why in words."""


class Pairing(_Frozen):
    """Two players of a round: `p1` starts. `winner` is 1 or 2 once there is a result."""

    p1: str
    p2: str
    status: Status = "pending"
    winner: Literal[1, 2] | None = None
    #: The game record counted in the statistics for this result, when there is one.
    record_id: str | None = None
    #: The statistics' last game row when the pairing was started here (to find its result).
    play_from: int | None = Field(default=None, ge=0)

    @property
    def names(self) -> tuple[str, str]:
        return (self.p1, self.p2)

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.names[self.winner - 1]

    @property
    def label(self) -> str:
        """`A-B`, as the command line names a pairing."""
        return f"{self.p1}-{self.p2}"

    def has(self, name: str) -> bool:
        return name in self.names


class Round(_Frozen):
    number: int = Field(ge=1)
    pairings: tuple[Pairing, ...] = ()
    bye: str | None = None
    #: Players marked absent for this round.
    absent: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """Every pairing has a result or was postponed to a later day."""
        return all(p.status != "pending" for p in self.pairings)


class Tournament(_Frozen):
    name: str = Field(min_length=1, max_length=64)
    players: tuple[str, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    game: str
    #: A rotation of games, one a round in turn (empty: `game` in every round).
    rotation: tuple[str, ...] = ()
    options: dict[str, object] = Field(default_factory=dict)
    format: Format = "round-robin"
    #: The number of rounds (a round robin's is set by the roster).
    rounds_planned: int = Field(ge=1, le=MAX_PLAYERS)
    best_of: Literal[1, 3, 5] = 1
    rounds: tuple[Round, ...] = ()

    @model_validator(mode="after")
    def _rows_agree(self) -> Tournament:
        """Rows changed by hand that no longer make a tournament are refused in words."""
        roster = set(self.players)
        if len(roster) != len(self.players):
            raise ValueError("a name is on the roster twice")
        numbers = [r.number for r in self.rounds]
        if len(set(numbers)) != len(numbers) or len(numbers) > self.rounds_planned:
            raise ValueError("the rounds do not agree with the rounds planned")
        for rnd in self.rounds:
            seated = [n for p in rnd.pairings for n in p.names]
            seated += [rnd.bye] if rnd.bye is not None else []
            stranger = next((n for n in (*seated, *rnd.absent) if n not in roster), None)
            if stranger is not None:
                raise ValueError(f"round {rnd.number} names {stranger}, who is not on the roster")
            if len(set(seated)) != len(seated):
                raise ValueError(f"round {rnd.number} seats a player twice")
            for p in rnd.pairings:
                if (p.winner is None) != (p.status in ("pending", "postponed")):
                    raise ValueError(
                        f"round {rnd.number}: the winner of {p.label} does not agree with "
                        f"how it stands ({p.status})"
                    )
        return self

    def game_of(self, number: int) -> str:
        """The game of round `number`."""
        return self.rotation[(number - 1) % len(self.rotation)] if self.rotation else self.game

    @property
    def games_text(self) -> str:
        """`fifty`, or `collect, fifty in turn`."""
        return f"{', '.join(self.rotation)} in turn" if self.rotation else self.game

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rounds_planned and all(
            r.complete and not any(p.status == "postponed" for p in r.pairings) for r in self.rounds
        )
