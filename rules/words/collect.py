"""Collect's moves in words: picking numbers from the pool and declaring an equation."""

from __future__ import annotations

from rules.base import Ending, IllegalMove
from rules.collect import GAME, CollectMove, CollectState
from rules.equation.check import pretty_equation
from rules.words.voice import Voice


def describe(state: CollectState, move: CollectMove, voice: Voice) -> str:
    """`Pick 2`, `Pick 2, then declare 2 + 4 = 6`, `Declare 2 + 4 = 6` or `Pass`."""
    if move.declaration is not None:
        declare = f"declare {pretty_equation(move.declaration)}"
        return f"Pick {move.pick}, then {declare}" if move.pick is not None else "D" + declare[1:]
    if move.pick is not None:
        return f"Pick {move.pick}"
    return "Pass"


def short(state: CollectState, move: CollectMove) -> str:
    """For the move list: `pick 2`, `pick 2, stating 2 + 4 = 6`, `2 + 4 = 6`, `pass`; a
    declaration that fails is marked ✗: `pick 2, stating ✗ 7 − 5 = 2` (never `pick 2 ·
    2 + 4 = 6`, whose dot reads as a product)."""
    parts = []
    if move.pick is not None:
        parts.append(f"pick {move.pick}")
    if move.declaration is not None:
        failed = _failed(state, move)
        parts.append(("✗ " if failed else "") + pretty_equation(move.declaration))
    return ", stating ".join(parts) or "pass"


def _failed(state: CollectState, move: CollectMove) -> bool:
    """Whether the move's declaration fails (a move the rules refuse counts as failed)."""
    try:
        return not GAME.play(state, move).last_valid
    except IllegalMove:
        return True


def effect(state: CollectState, move: CollectMove, after: CollectState, voice: Voice) -> str:
    """What the move does: `you win at once`, `the declaration does not balance: …`."""
    mover = state.to_move
    result = after.result
    if result is not None and result.ending is Ending.BALANCED and result.winner == mover:
        return f"{voice.does(mover, 'win')} at once"
    if move.declaration is not None:
        return f"the declaration does not balance ({after.last_reason}), so the turn ends"
    if result is not None:
        return f"{voice.does(result.winner, 'win')} after sudden death"
    if after.phase == "sudden-death" and state.phase != "sudden-death":
        return "the pool is empty, so sudden death begins"
    return ""
