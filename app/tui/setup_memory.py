"""What the setup screen remembers between games: the people's names (settings.json).
How a computer seat is named is `app.seat_names`."""

from __future__ import annotations

from app import settings
from app.tui.session import GameSetup, Seat, clean_name
from rules.words.common import DEFAULT_NAMES


def remembered_setup(game_id: str) -> GameSetup:
    """The game's standard setup with the names typed last time."""
    names = settings.names()
    if names is None:
        return GameSetup.default(game_id)
    seats = (Seat(clean_name(names[0], 1)), Seat(clean_name(names[1], 2)))
    return GameSetup.make(game_id, seats=seats)


def remember_names(seats: tuple[Seat, Seat]) -> None:
    """Keep the people's names for the next setup (a computer seat keeps the name it
    had before). OSError when the settings file cannot be written."""
    before = settings.names() or DEFAULT_NAMES
    names = [seat.name if seat.kind == "human" else before[i] for i, seat in enumerate(seats)]
    if tuple(names) != tuple(before):
        settings.update(names=names)
