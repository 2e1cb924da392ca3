"""Fifty's moves in words: two numbers from the pool, an operator, a score."""

from __future__ import annotations

from rules.base import other
from rules.fifty import GAME, FiftyMove, FiftyState, equation_text, result
from rules.words.common import number_text
from rules.words.voice import Voice


def describe(state: FiftyState, move: FiftyMove, voice: Voice) -> str:
    """`Play 8 × 1 = 8`."""
    return f"Play {short(state, move)}"


def short(state: FiftyState, move: FiftyMove) -> str:
    """For the move list: `8 × 1 = 8`, `1 − 3 = −2`."""
    return f"{equation_text(move)} = {number_text(result(move.a, move.op, move.b))}"


def effect(state: FiftyState, move: FiftyMove, after: FiftyState, voice: Voice) -> str:
    """`your score reaches exactly 50`, `Ada's score goes over 50, to 54`, `the score of
    Computer (easy) goes to 30`."""
    mover = state.to_move
    score = number_text(after.score(mover))
    target = after.options.target
    whose = voice.owned(mover, "score")
    if after.hit == mover:
        return f"{whose} reaches exactly {target}"
    if after.busted == mover:
        return f"{whose} goes over {target}, to {score}, and {voice.does(other(mover), 'win')}"
    text = f"{whose} goes to {score}"
    outcome = GAME.outcome(after)
    if outcome is not None:
        text += f"; the game ends and {voice.does(outcome.winner, 'win')}"
    return text
