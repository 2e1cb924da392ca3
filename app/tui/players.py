"""The names the setup's name boxes show for people and computer players (the levels,
easy, medium and perfect, and the players themselves live in `rules.players`)."""

from __future__ import annotations

from app.match_session.setup import Seat, clean_name
from rules.base import PlayerNo
from rules.players import LEVELS
from rules.seat_names import is_computer_name, seat_names
from rules.words.common import DEFAULT_NAMES

__all__ = ["LEVELS", "TypedNames", "seats_named"]

PLAYERS: tuple[PlayerNo, PlayerNo] = (1, 2)


class TypedNames:
    """The names typed for a person in the setup's two name boxes, kept while a computer
    sits in a seat: its box shows the computer's name ("Computer (medium)", numbered as
    the game will name it), never the person's ("Bo"), and shows what was typed again
    when the seat is a person's once more."""

    def __init__(self, seats: tuple[Seat, Seat], remembered: tuple[str, str] | None) -> None:
        """`seats`: the setup's first; `remembered`: the people's names kept last time
        (a computer's seat shows its own when turned to a person)."""
        before = remembered or DEFAULT_NAMES
        self.typed = [
            seat.name if seat.kind == "human" else clean_name(str(name), player)
            for player, seat, name in zip(PLAYERS, seats, before, strict=True)
        ]

    def shown(self, boxes: tuple[str, str], levels: tuple[str | None, str | None]) -> list[str]:
        """What the boxes show for `levels` (None: a person), given what they show now."""
        for index, box in enumerate(boxes):
            if not is_computer_name(box.strip()):
                self.typed[index] = box
        named = seat_names((self.typed[0], self.typed[1]), levels)
        return [
            typed if level is None else name
            for typed, name, level in zip(self.typed, named, levels, strict=True)
        ]

    def seats(
        self, boxes: tuple[str, str], levels: tuple[str | None, str | None]
    ) -> tuple[Seat, Seat]:
        """The seats to play, from what the boxes show: a person's name cleaned (a
        computer's name in a person's box is the seat's default name), a computer named
        by its level, never "Player 2", which the statistics would mix up with a person."""
        names = [
            DEFAULT_NAMES[player - 1] if is_computer_name(box.strip()) else clean_name(box, player)
            for player, box in zip(PLAYERS, boxes, strict=True)
        ]
        return seats_named((names[0], names[1]), levels)


def seats_named(names: tuple[str, str], levels: tuple[str | None, str | None]) -> tuple[Seat, Seat]:
    """The seats of people called `names` and computers at `levels` (None: a person), each
    computer named by its level, numbered as the game names it (`rules.seat_names`)."""
    first, second = (
        Seat(name) if level is None else Seat(name, "computer", level)
        for name, level in zip(seat_names(names, levels), levels, strict=True)
    )
    return first, second
