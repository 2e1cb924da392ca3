"""The names the two seats play under, for every front end.

A computer seat is named by its level whatever was typed (RULINGS.md, "Names online and
in a class"), so no statistic counts its games under a person's name; two computers of
one level are numbered so the game-over line says which won.
"""

from __future__ import annotations

import re

#: A name this module gave a computer seat (replaced when the level changes).
_COMPUTER_NAME = re.compile(r"^Computer( [12])? \((\w+)\)$")
#: A seat's default name.
_DEFAULT_NAME = re.compile(r"^Player ([12])$")


def computer_name(level: str, number: int | None = None) -> str:
    """`Computer (perfect)`, or numbered: `Computer 2 (perfect)`."""
    return f"Computer {number} ({level})" if number else f"Computer ({level})"


def is_computer_name(name: str) -> bool:
    """Whether `name` is one this module gives a computer seat."""
    return _COMPUTER_NAME.match(name) is not None


def counted_name(name: str, kind: str) -> str:
    """The name a seat is counted under in the statistics: a computer's by its level
    (whatever an old record calls it), a person's as given, marked when it reads like a
    computer's ("Computer (easy) (a person)")."""
    found = _COMPUTER_NAME.match(name)
    if kind != "human":
        return name if found is not None and found.group(2) == kind else computer_name(kind)
    return f"{name} (a person)" if found is not None else name


def seat_names(names: tuple[str, str], levels: tuple[str | None, str | None]) -> tuple[str, str]:
    """The names to play under, given each seat's name and computer level (None: a person):
    a person's name as given, a computer's by its level (the name given is not used)."""
    same_level = levels[0] is not None and levels[0] == levels[1]
    named = []
    for player, (name, level) in enumerate(zip(names, levels, strict=True), start=1):
        if level is not None:
            other = names[2 - player].casefold()  # (a person who calls themself so)
            numbered = same_level or computer_name(level).casefold() == other
            name = computer_name(level, player if numbered else None)
        named.append(name)
    return named[0], named[1]


#: The longest seat tag (the move list's column is narrow).
TAG_LENGTH = 6


def seat_tag(name: str, limit: int = TAG_LENGTH) -> str:
    """A name as the move list tags a seat, in `limit` characters: `Newbie`, `Alexa…`,
    a computer `CPU` or `CPU 2` (never a cut word), a seat's default name `P1`, `P2`."""
    found = _COMPUTER_NAME.match(name)
    if found is not None:
        return f"CPU{found.group(1) or ''}"
    if name == "Computer":  # (a puzzle's perfect computer)
        return "CPU"
    seat = _DEFAULT_NAME.match(name)
    if seat is not None:  # "Player 2" is the seat's own name: P2, not "Playe…"
        return f"P{seat.group(1)}"
    return name if len(name) <= limit else name[: limit - 1] + "…"


def computer_listed(name: str) -> str | None:
    """A computer's name as a sentence says it without its level (`Computer`,
    `Computer 2`), or None for a person's name."""
    found = _COMPUTER_NAME.match(name)
    if found is None:
        return None
    return f"Computer{found.group(1) or ''}"


def seat_tags(names: tuple[str, str]) -> tuple[str, str]:
    """The two seats' tags: the names shortened (`Ann`, `CPU`), or `P1` and `P2` when
    the shortened names would read alike (`Player 1` and `Player 2`)."""
    first, second = seat_tag(names[0]), seat_tag(names[1])
    if first and second and first.casefold() != second.casefold():
        return (first, second)
    return ("P1", "P2")
