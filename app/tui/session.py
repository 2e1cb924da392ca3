"""What a game on screen is set up with: the game, its options, and the two seats."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from rules.base import GameOptions, PlayerNo, other
from rules.registry import get_game

Kind = Literal["human", "computer"]

DEFAULT_NAMES: tuple[str, str] = ("Player 1", "Player 2")
MAX_NAME = 16


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


@dataclass(frozen=True)
class GameSetup:
    """A game ready to start: rematch and new game start from it."""

    game_id: str
    options: GameOptions
    seats: tuple[Seat, Seat] = (Seat(DEFAULT_NAMES[0]), Seat(DEFAULT_NAMES[1]))

    @classmethod
    def default(cls, game_id: str, options: dict[str, Any] | None = None) -> GameSetup:
        return cls(game_id, get_game(game_id).options_from(options))

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


def clean_name(text: str, player: PlayerNo) -> str:
    """A name as the screen shows it: trimmed, printable, short; blank gives the default."""
    name = "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_NAME].strip()
    return name or DEFAULT_NAMES[player - 1]


def marks(names: tuple[str, str]) -> tuple[str, str]:
    """Short marks for the two players (initials, or 1 and 2 when those are the same)."""
    first = names[0][:1].upper()
    second = names[1][:1].upper()
    if first and second and first != second and names != DEFAULT_NAMES:
        return (first, second)
    return ("P1", "P2")
