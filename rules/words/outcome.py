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


def reason_text(outcome: Outcome, names: Names = DEFAULT_NAMES) -> str:
    """Why the game ended, with the players' names (lower case, no full stop)."""
    return _render(outcome, names, number_text)


def record_reason(outcome: Outcome) -> str:
    """Why the game ended as records store it ("Player 1", ASCII numbers)."""
    if outcome.ending is Ending.STALEMATE:
        return _stored_stalemate(outcome)
    return _render(outcome, DEFAULT_NAMES, lambda value: format_fraction(Fraction(value)))


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


#: Each ending in words: `{0}`… the outcome's numbers, `{equation}`, `{winner}` and
#: `{player}` (the player it is about) by name, and a few phrases made for one ending.
_WORDS: dict[Ending, str] = {
    Ending.BALANCED: "{equation} balances",
    Ending.HIGHER_SUM: "no valid equation after sudden death; higher sum of collected "
    "numbers, {0} to {1}",
    Ending.LARGEST_NUMBER: "no valid equation after sudden death; equal sums ({0} each) and "
    "{winner} holds the largest number, {1}",
    Ending.EXACTLY: "{player} reached exactly {0}",
    Ending.OVER: "{0} is over {1}",
    Ending.CLOSEST: "{0} is closer to {1} than {2}",
    Ending.EQUAL_SCORES: "both scores are {0}: the second player wins ties",
    Ending.FORMED: "{equation} formed",
    Ending.DECLARED: "{equation} declared",
    Ending.TARGET: "the running total reached {0}",
    Ending.STALEMATE: "stalemate, {stalemate}",
    Ending.HIGHER_RESULT: "{0} beats {1}",
    Ending.EQUAL_RESULTS: "both results are {0}: the second player wins ties",
    Ending.DIVIDES_BY_ZERO: "{players_result} divides by zero",
    Ending.TIME_OUT: "{players_time} ran out",
    Ending.ROUNDS: "{0} {rounds} to {1}",
}


def _render(outcome: Outcome, names: Names, num: NumberWords) -> str:
    if outcome.ending is Ending.DIVIDES_BY_ZERO and outcome.player is None:
        return "both results divide by zero: the second player wins ties"
    player: PlayerNo = outcome.player if outcome.player is not None else outcome.winner
    name = name_of(player, names)
    return _WORDS[outcome.ending].format(
        *(num(value) for value in outcome.values),
        equation=pretty_equation(outcome.equation) if outcome.equation else "",
        winner=name_of(outcome.winner, names),
        player=name,
        stalemate=stalemate_detail(outcome, names),
        players_result=owned("result", name),
        players_time=owned("time", name),
        rounds="round" if outcome.values[:1] == (1,) else "rounds",
    )
