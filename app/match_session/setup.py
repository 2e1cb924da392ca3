"""What a game (or match) is set up with: the game, its options, and the two seats.

Textual-free: the full screen, the plain mode and the match session (`app.match_session`)
share it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from rules.base import GameOptions, PlayerNo, other
from rules.match import MatchState, new_match
from rules.names import MAX_NAME as NAME_LIMIT
from rules.names import tidy_name
from rules.records import KINDS, GameRecord
from rules.records import Kind as RecordKind
from rules.registry import get_game
from rules.seat_names import seat_tags
from rules.words.common import DEFAULT_NAMES

Kind = Literal["human", "computer"]

#: The longest name a seat keeps (RULINGS: 1 to 32 characters, as everywhere).
MAX_NAME = NAME_LIMIT


@dataclass(frozen=True)
class Seat:
    """One player: their name, and whether a person or the computer plays (at a level)."""

    name: str
    kind: Kind = "human"
    level: str | None = None

    @property
    def label(self) -> str:
        if self.kind == "human":
            return "human"
        return f"computer ({self.level})" if self.level else "computer"

    @property
    def record_kind(self) -> RecordKind:
        """How a game record names this seat: `human` or the computer's level."""
        if self.kind == "computer" and self.level in KINDS:
            return self.level
        return "human"


#: Options that are match settings (the template game's own), set apart on the screen.
MATCH_FIELDS: tuple[str, ...] = ("rounds_to_win", "turn_seconds")


@dataclass(frozen=True)
class GameSetup:
    """A game (or match) ready to start: rematch and new game start from it.

    Build one with `make` (or `default`), which keeps a game's own match options (the
    template's `rounds_to_win` and `turn_seconds`) in step with `best_of` and
    `turn_seconds`.
    """

    game_id: str
    options: GameOptions
    seats: tuple[Seat, Seat] = (Seat(DEFAULT_NAMES[0]), Seat(DEFAULT_NAMES[1]))
    #: The match length (1: a single game) and the clock per turn (None: no clock).
    best_of: int = 1
    turn_seconds: int | None = None
    #: Whether undo against the computer takes back your move and its reply.
    takebacks: bool = True

    def __post_init__(self) -> None:
        # Built directly from options that carry a match (the template's own settings):
        # the match follows them.
        rounds = getattr(self.options, "rounds_to_win", None)
        if rounds and self.best_of == 1:
            object.__setattr__(self, "best_of", 2 * rounds - 1)
        seconds = getattr(self.options, "turn_seconds", None)
        if seconds and self.turn_seconds is None:
            object.__setattr__(self, "turn_seconds", seconds)

    @classmethod
    def make(
        cls,
        game_id: str,
        options: GameOptions | dict[str, Any] | None = None,
        seats: tuple[Seat, Seat] | None = None,
        best_of: int | None = None,
        turn_seconds: int | None = None,
    ) -> GameSetup:
        """A setup whose options agree with its match settings (None: the options' own).

        Raises MatchError for settings that cannot be played and pydantic's
        ValidationError for bad options.
        """
        match = new_match(game_id, options, best_of, turn_seconds)
        synced = get_game(game_id).options_from(match.options)
        seats = seats or (Seat(DEFAULT_NAMES[0]), Seat(DEFAULT_NAMES[1]))
        return cls(game_id, synced, seats, match.best_of, match.turn_seconds)

    @classmethod
    def default(cls, game_id: str, options: dict[str, Any] | None = None) -> GameSetup:
        return cls.make(game_id, options)

    @classmethod
    def from_record(cls, record: GameRecord) -> GameSetup:
        """The setup of a recorded game (its seats: a person, or the computer at a level)."""
        seats = tuple(
            Seat(player.name)
            if player.kind == "human"
            else Seat(player.name, "computer", player.kind)
            for player in record.players
        )
        return cls.make(
            record.game, record.options, (seats[0], seats[1]), record.best_of, record.turn_seconds
        )

    def new_match(self) -> MatchState:
        return new_match(self.game_id, self.options, self.best_of, self.turn_seconds)

    def match_words(self) -> str:
        """`best of 3 · 30 s per turn`, or "" for a single game without a clock."""
        parts = [f"best of {self.best_of}"] if self.best_of > 1 else []
        if self.turn_seconds:
            parts.append(f"{self.turn_seconds} s per turn")
        return " · ".join(parts)

    @property
    def names(self) -> tuple[str, str]:
        return (self.seats[0].name, self.seats[1].name)

    def name(self, player: PlayerNo) -> str:
        return self.seats[player - 1].name

    @property
    def first(self) -> PlayerNo:
        return self.options.first

    @property
    def all_human(self) -> bool:
        return all(seat.kind == "human" for seat in self.seats)

    def rematch(self) -> GameSetup:
        """The same setup with the other player starting."""
        options = self.options.model_copy(update={"first": other(self.options.first)})
        return replace(self, options=options)


def variant_summary(options: GameOptions) -> str:
    """The options that differ from the game's defaults, e.g. `pool 1–15 · double digits`
    (match settings are left out: the screen shows them apart)."""
    defaults = type(options)()
    parts: list[str] = []
    for name in type(options).model_fields:
        if name == "first" or name in MATCH_FIELDS:
            continue
        value = getattr(options, name)
        if value == getattr(defaults, name):
            continue
        label = name.replace("_", " ")
        if isinstance(value, bool):
            parts.append(label if value else f"no {label}")
        elif (
            isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)
        ):
            parts.append(f"{label} {value[0]}–{value[1]}")
        elif isinstance(value, tuple):
            parts.append(f"{label} {' '.join(str(v) for v in value)}")
        else:
            parts.append(f"{label} {value}")
    return " · ".join(parts) or "standard rules"


def clean_name(text: str, player: PlayerNo) -> str:
    """A name as the screen shows it: cleaned (rules.names: no control characters or
    escape sequences), trimmed, short; blank gives the default."""
    return tidy_name(text, DEFAULT_NAMES[player - 1], MAX_NAME)


def marks(names: tuple[str, str]) -> tuple[str, str]:
    """Short marks for the two players: their names, shortened with an ellipsis (`Ann`,
    `CPU` for a computer), or P1 and P2 when those read alike (`rules.seat_names.seat_tags`)."""
    return seat_tags(names)
