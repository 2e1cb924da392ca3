"""Countdown's moves in words: an operator and a number on the running total, or a pass."""

from __future__ import annotations

from rules.base import Ending
from rules.countdown import GAME, CountdownMove, CountdownState
from rules.operators import Op, apply_whole, shown
from rules.words.common import number_text
from rules.words.voice import Voice

#: Between the move and what it does (the move's own words hold a colon).
SEPARATOR = "; "

VERBS: dict[Op, str] = {"+": "Add", "-": "Subtract", "*": "Multiply by", "/": "Divide by"}


def describe(state: CountdownState, move: CountdownMove, voice: Voice) -> str:
    """`Divide by 3: 27 ÷ 3 = 9`, `Pass`; a move the rules refuse loses the turn."""
    if move.op is None or move.number is None:
        return "Pass"
    verb = f"{VERBS[move.op]} {move.number}"
    if GAME.invalid_reason(state, move) is not None:
        return f"{verb}, which loses the turn"
    return f"{verb}: {_sum(state, move)}"


def _sum(state: CountdownState, move: CountdownMove) -> str:
    assert move.op is not None and move.number is not None
    total = state.running_total
    after = apply_whole(total, move.op, move.number)
    return f"{number_text(total)} {shown(move.op)} {move.number} = {number_text(after)}"


def short(state: CountdownState, move: CountdownMove) -> str:
    """For the move list: `27 ÷ 3 = 9`, `pass`, `✗ ÷ 0, turn lost`."""
    if move.op is None or move.number is None:
        return "pass"
    if GAME.invalid_reason(state, move) is not None:
        return f"✗ {shown(move.op)} {move.number}, turn lost"
    return _sum(state, move)


def effect(state: CountdownState, move: CountdownMove, after: CountdownState, voice: Voice) -> str:
    """`the running total reaches 30: you win`; a stalemate the move brings."""
    result = after.result
    if result is None:
        return ""
    if result.ending is Ending.TARGET:
        target = after.options.target
        return f"that reaches the target, {target}, and {voice.does(result.winner, 'win')}"
    return f"no valid move is left, and {voice.does(result.winner, 'win')}"
