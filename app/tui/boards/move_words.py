"""The status line's report of the move just played, in words with the game's symbols:
"Player 1 put 9 in Player 2's third slot.", "Player 2: 27 ÷ 3 = 9."

("Player N" is replaced by the players' names on screen.) The notation a move is stored
in never reaches the player here.
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.equation import pretty_equation
from rules.operators import apply_whole, shown
from rules.registry import get_game

ORDINALS = ("first", "second", "third", "fourth", "fifth")


def describe_move(game_id: str, before: Any, player: PlayerNo, text: str) -> str:
    """The move `text` (notation) that `player` played in the position `before`."""
    move = get_game(game_id).parse_move(text)
    who = f"Player {player}"
    if game_id == "countdown":
        if move.op is None or move.number is None:
            return f"{who} passed."
        if get_game(game_id).invalid_reason(before, move) is not None:  # type: ignore[attr-defined]
            return f"{who} lost the turn with {shown(move.op)} {move.number}."
        after = apply_whole(before.running_total, move.op, move.number)
        return f"{who}: {before.running_total} {shown(move.op)} {move.number} = {after}."
    if game_id == "fifty":
        value = apply_whole(move.a, move.op, move.b)
        return f"{who} played {move.a} {shown(move.op)} {move.b} = {value}."
    if game_id == "template":
        slot = ORDINALS[move.slot - 1] if move.slot <= len(ORDINALS) else f"number {move.slot}"
        return f"{who} put {move.digit} in Player {move.player}'s {slot} slot."
    if game_id in ("collect", "conquest"):
        number = getattr(move, "pick", None) if game_id == "collect" else move.number
        declared = f"declared {pretty_equation(move.declaration)}" if move.declaration else ""
        if number is None:
            return f"{who} {declared or 'passed'}."
        verb = "picked" if game_id == "collect" else "played"
        return f"{who} {verb} {number}" + (f" and {declared}." if declared else ".")
    return f"{who} moved."
