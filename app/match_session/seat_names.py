"""The names the two seats play under, for every front end.

A computer seat left with a person's default name ("Player 2") is named by its level,
"Computer (perfect)", so the statistics never count the computer's games under a
person's name; two computers of the same level are numbered ("Computer 1 (perfect)",
"Computer 2 (perfect)") so that the game-over line says which one won. A name the
player typed for a computer seat is kept.
"""

from __future__ import annotations

import re

from rules.words.common import DEFAULT_NAMES

#: A name this module gave a computer seat (replaced when the level changes).
_COMPUTER_NAME = re.compile(r"^Computer( [12])? \((\w+)\)$")


def computer_name(level: str, number: int | None = None) -> str:
    """`Computer (perfect)`, or numbered: `Computer 2 (perfect)`."""
    return f"Computer {number} ({level})" if number else f"Computer ({level})"


def is_computer_name(name: str) -> bool:
    """Whether `name` is one this module gives a computer seat."""
    return _COMPUTER_NAME.match(name) is not None


def is_default_name(name: str, player: int) -> bool:
    """Whether `name` is one nobody chose: the seat's default or a computer's name."""
    return name == DEFAULT_NAMES[player - 1] or is_computer_name(name)


def seat_names(names: tuple[str, str], levels: tuple[str | None, str | None]) -> tuple[str, str]:
    """The names to play under, given each seat's name and computer level (None: a person)."""
    same_level = levels[0] is not None and levels[0] == levels[1]
    named = []
    for player, (name, level) in enumerate(zip(names, levels, strict=True), start=1):
        if level is not None and is_default_name(name, player):
            name = computer_name(level, player if same_level else None)
        named.append(name)
    return named[0], named[1]


#: The longest seat tag (the move list's column is narrow).
TAG_LENGTH = 6


def seat_tag(name: str, limit: int = TAG_LENGTH) -> str:
    """A name as the move list tags a seat (or a narrow column shows it, in `limit`
    characters): whole when short, else cut with an ellipsis (`Newbie`, `Compu…`)."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def seat_tags(names: tuple[str, str]) -> tuple[str, str]:
    """The two seats' tags: the names shortened (`Ann`, `Compu…`), or `P1` and `P2` when
    the shortened names would read alike (`Player 1` and `Player 2`)."""
    first, second = seat_tag(names[0]), seat_tag(names[1])
    if first and second and first.casefold() != second.casefold():
        return (first, second)
    return ("P1", "P2")
