"""Small pieces of wording every game shares: names, numbers, ordinals, operators."""

from __future__ import annotations

import re
from fractions import Fraction

from rules.base import PlayerNo
from rules.operators import format_fraction
from rules.seat_names import computer_listed, seat_tags

Names = tuple[str, str]

#: The names the rules use when a front end has none: the seeds' "Player 1"/"Player 2".
DEFAULT_NAMES: Names = ("Player 1", "Player 2")

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def name_of(player: PlayerNo, names: Names) -> str:
    return names[player - 1]


def possessive(name: str) -> str:
    """`Ada's`, `James'`."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def owned(thing: str, name: str) -> str:
    """`Ada's template`; a name that ends in brackets, as a computer's does, takes "of"
    rather than a garbled `'s`: `the template of Computer (perfect)`."""
    if name.endswith(")"):
        return f"the {thing} of {name}"
    return f"{possessive(name)} {thing}"


#: The first word of a move's instruction, as a noun ("Adding 5 … loses").
_GERUNDS = {
    "Add": "Adding",
    "Subtract": "Subtracting",
    "Multiply": "Multiplying",
    "Divide": "Dividing",
    "Put": "Putting",
    "Pick": "Picking",
    "Play": "Playing",
    "Pass": "Passing",
    "Declare": "Declaring",
}


def as_noun(instruction: str) -> str:
    """A move's instruction used as the subject of a sentence: `Add 5 to the sequence` →
    `Adding 5 to the sequence`, `Put 2 in Bob's third slot` → `Putting 2 in …`, `Pick 7,
    then declare 5 − 2 = 3` → `Picking 7, then declaring 5 − 2 = 3`."""
    first, space, rest = instruction.partition(" ")
    rest = rest.replace(", then declare ", ", then declaring ")
    return _GERUNDS.get(first, first) + space + rest.replace(" and declare ", " and declaring ")


def ordinal(number: int) -> str:
    """`first`, `second`, … (`7th` past the sixth)."""
    return _ORDINALS[number - 1] if 1 <= number <= len(_ORDINALS) else f"{number}th"


def number_text(value: int | Fraction) -> str:
    """A number as a player reads it: the minus sign `−`, a fraction with `⁄` (7⁄2)."""
    return format_fraction(Fraction(value)).replace("-", "−").replace("/", "⁄")


def points_text(count: int) -> str:
    """`1 point`, `40 points`."""
    return f"{count} point" if count == 1 else f"{count} points"


def moves_text(count: int) -> str:
    """`1 move`, `6 moves`."""
    return f"{count} move" if count == 1 else f"{count} moves"


def own_moves(plies: int, moves_next: bool) -> int:
    """A player's own moves among the next `plies` moves of both players (as players count
    them): `moves_next` says whether that player makes the first of them."""
    return (plies + 1) // 2 if moves_next else plies // 2


def counted(number: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`: a player's move by its number."""
    ending = "th" if 10 <= number % 100 <= 20 else _ENDINGS.get(number % 10, "th")
    return f"{number}{ending}"


_ENDINGS = {1: "st", 2: "nd", 3: "rd"}


def moves_played(each: tuple[int, int], names: Names) -> str:
    """How long a game was, counted as players count: each player's own moves.
    `2 moves each`, `3 moves by Ann and 2 by Bob`, `1 move each`."""
    first, second = each
    if first == second:
        return f"{moves_text(first)} each"
    return f"{moves_text(first)} by {names[0]} and {second} by {names[1]}"


def turns_of(total: int, first: PlayerNo) -> tuple[int, int]:
    """Each player's own moves among `total` moves taken in turn, `first` starting."""
    starter, other = (total + 1) // 2, total // 2
    return (starter, other) if first == 1 else (other, starter)


def name_players(text: str, names: Names) -> str:
    """Put the players' names where a rules message wrote "Player 1" and "Player 2"."""
    if names == DEFAULT_NAMES:
        return text
    marker = "\x00"
    text = text.replace("Player 1", marker + "1").replace("Player 2", marker + "2")
    return text.replace(marker + "1", names[0]).replace(marker + "2", names[1])


#: A list of numbers as the rules' messages print it, after the seeds' samples: `[2, 4, 5]`.
_NUMBER_LIST = re.compile(r"\[(−?-?\d+(?:, −?-?\d+)*)\]")


def listed_in_words(text: str) -> str:
    """A rules message as the full screen shows it: a list (`[2, 4, 5]`, the seeds' way,
    which the line mode keeps) without its brackets."""
    return _NUMBER_LIST.sub(lambda match: match.group(1), text)


#: The longest name the move list shows whole (`Player 1`; a longer one by its tag).
LISTED_LENGTH = 8

#: A short move's first word (an instruction) as its player does it: `Ann picks 5`.
_DOES = {"pick": "picks", "pass": "passes"}


def listed_names(names: Names) -> Names:
    """The players as the move list names them: a name of up to 8 characters whole
    (`Player 1`, `Ann`), a computer as `Computer` (`Computer 2` when two play), a longer
    name by its tag (`Alexa…`); `Player 1` and `Player 2` when those would read alike."""
    tags = seat_tags(names)
    first, second = (
        n if len(n) <= LISTED_LENGTH else computer_listed(n) or t
        for n, t in zip(names, tags, strict=True)
    )
    if first.casefold() == second.casefold():
        return DEFAULT_NAMES
    return (first, second)


def by_player(name: str, short: str, verb: str = "") -> str:
    """A move list's line: who moved and the move (`short`) in words: `Ann picks 5`,
    `Ann passes`, `Ann adds 4` (`verb`: a game's word for all its moves), `Ann: 6 × 7 = 42`,
    `Ann: 9 in Bob's third slot`."""
    first, space, rest = short.partition(" ")
    if first in _DOES:
        return f"{name} {_DOES[first]}{space}{rest}"
    if verb:
        return f"{name} {verb} {short}"
    return f"{name}: {short}"


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
