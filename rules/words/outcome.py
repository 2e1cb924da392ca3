"""How a game ended, in words. `record_reason` is the sentence records store ("Player 1",
ASCII numbers), as records always have, so old saves still check.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rules.base import Ending, Number, Outcome, PlayerNo
from rules.equation.check import pretty_equation
from rules.operators import format_fraction
from rules.words.common import DEFAULT_NAMES, Names, name_of, number_text, owned

NumberWords = Callable[[Number], str]


def _record_number(value: Number) -> str:
    return format_fraction(Fraction(value))


def reason_text(outcome: Outcome, names: Names = DEFAULT_NAMES) -> str:
    """Why the game ended, with the players' names (lower case, no full stop)."""
    return _render(outcome, names, number_text)


def record_reason(outcome: Outcome) -> str:
    """Why the game ended as records store it ("Player 1", ASCII numbers)."""
    if outcome.ending is Ending.STALEMATE:
        return _stored_stalemate(outcome)
    return _render(outcome, DEFAULT_NAMES, _record_number)


def result_sentence(outcome: Outcome, names: Names = DEFAULT_NAMES) -> str:
    """The last line of a game: `Ada wins: 6 − 4 = 2 balances.`"""
    return f"{name_of(outcome.winner, names)} wins: {reason_text(outcome, names)}."


def stalemate_detail(outcome: Outcome, names: Names = DEFAULT_NAMES) -> str:
    """A countdown stalemate's detail: `Bob made the last valid move`, `nobody made a
    valid move` (the winner is said once, before it: "Player 2 wins: stalemate, …")."""
    if outcome.player is None:
        return "nobody made a valid move"
    return f"{name_of(outcome.player, names)} made the last valid move"


def _stored_stalemate(outcome: Outcome) -> str:
    """The stalemate as records have always stored it (kept, so old saves still check)."""
    if outcome.player is None:
        return "stalemate: nobody made a valid move, the second player wins"
    return f"stalemate: Player {outcome.player} made the last valid move"


def _player(outcome: Outcome, names: Names) -> str:
    player: PlayerNo = outcome.player if outcome.player is not None else outcome.winner
    return name_of(player, names)


def _render(outcome: Outcome, names: Names, num: NumberWords) -> str:
    ending, values = outcome.ending, outcome.values
    shown = [num(v) for v in values]
    equation = pretty_equation(outcome.equation) if outcome.equation else ""
    match ending:
        case Ending.BALANCED:
            return f"{equation} balances"
        case Ending.HIGHER_SUM:
            return (
                "no valid equation after sudden death; higher sum of collected numbers, "
                f"{shown[0]} to {shown[1]}"
            )
        case Ending.LARGEST_NUMBER:
            return (
                f"no valid equation after sudden death; equal sums ({shown[0]} each) and "
                f"{name_of(outcome.winner, names)} holds the largest number, {shown[1]}"
            )
        case Ending.EXACTLY:
            return f"{_player(outcome, names)} reached exactly {shown[0]}"
        case Ending.OVER:
            return f"{shown[0]} is over {shown[1]}"
        case Ending.CLOSEST:
            return f"{shown[0]} is closer to {shown[1]} than {shown[2]}"
        case Ending.EQUAL_SCORES:
            return f"both scores are {shown[0]}: the second player wins ties"
        case Ending.FORMED:
            return f"{equation} formed"
        case Ending.DECLARED:
            return f"{equation} declared"
        case Ending.TARGET:
            return f"the running total reached {shown[0]}"
        case Ending.STALEMATE:
            return f"stalemate, {stalemate_detail(outcome, names)}"
        case Ending.HIGHER_RESULT:
            return f"{shown[0]} beats {shown[1]}"
        case Ending.EQUAL_RESULTS:
            return f"both results are {shown[0]}: the second player wins ties"
        case Ending.DIVIDES_BY_ZERO:
            if outcome.player is None:
                return "both results divide by zero: the second player wins ties"
            return f"{owned('result', _player(outcome, names))} divides by zero"
        case Ending.TIME_OUT:
            return f"{owned('time', _player(outcome, names))} ran out"
        case Ending.ROUNDS:
            rounds = "round" if values[0] == 1 else "rounds"
            return f"{shown[0]} {rounds} to {shown[1]}"
    raise ValueError(f"no words for the ending {ending!r}")  # pragma: no cover
