"""Conquest's moves in words: a number added to the sequence, an equation formed."""

from __future__ import annotations

from rules.base import IllegalMove
from rules.conquest import GAME, ConquestMove, ConquestState
from rules.equation.check import pretty_equation
from rules.words.voice import Voice


def describe(state: ConquestState, move: ConquestMove, voice: Voice) -> str:
    """`Add 5 to the sequence`, `Add 5 to the sequence and declare 2 + 3 = 5`."""
    text = f"Add {move.number} to the sequence"
    if move.declaration is not None:
        text += f" and declare {pretty_equation(move.declaration)}"
    return text


def short(state: ConquestState, move: ConquestMove) -> str:
    """For the move list: `5`, `5, stating 2 + 3 = 5` (never `5 · 2 + 3 = 5`, which
    reads as a product); a statement that wins nothing is marked ✗:
    `5, stating ✗ 2 + 4 = 5`."""
    if move.declaration is None:
        return str(move.number)
    try:
        failed = GAME.play(state, move).winner != state.to_move
    except IllegalMove:
        failed = True
    mark = "✗ " if failed else ""
    return f"{move.number}, stating {mark}{pretty_equation(move.declaration)}"


def effect(state: ConquestState, move: ConquestMove, after: ConquestState, voice: Voice) -> str:
    """`it forms 2 + 3 = 5: you win`; a forfeited declaration."""
    mover = state.to_move
    if after.winner == mover and after.equation is not None:
        return f"it forms {pretty_equation(after.equation)} and {voice.does(mover, 'win')}"
    if after.note and after.note.startswith("The win is forfeited"):
        return "the declaration is wrong, so the win is forfeited"
    return ""
