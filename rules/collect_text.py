"""The collect game's messages, in the seed's words ("Player 1"/"Player 2"; the app swaps
in names)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.base import PlayerNo


def numbers_text(numbers: Sequence[int]) -> str:
    """A list of numbers as the seed's sample prints it: `[1, 2, 3]`."""
    return "[" + ", ".join(str(n) for n in numbers) + "]"


def declaration_note(player: PlayerNo, valid: bool, reason: str | None) -> str:
    """The seed's verdict line after a declaration."""
    if valid:
        return f"Equation is valid! Player {player} wins the game!"
    return f"Equation is invalid ({reason or 'it does not balance'}). Turn ends."


def sudden_death_note(starter: PlayerNo) -> str:
    """What the players are told when the pool runs out with no winner."""
    return (
        "All numbers have been selected: sudden death! No more numbers can be selected; "
        "each player may attempt one equation per turn for two full rounds (four turns), "
        f"starting with Player {starter}."
    )
