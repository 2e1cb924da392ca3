"""Which moves are the same choice, and which change nothing (RULINGS.md, "Puzzles").

Same choice: fifty's `4*8` and `8*4`; a number with one declaration or another; countdown's
`+2` and `*2` from a total of 2; a digit in either of two slots the template treats alike.
Changes nothing: countdown's `×1`, `÷1`, a pass; fifty's `1÷2`. Plausible play makes such
a move only when every legal move is one, and never a collect pick alone that could declare.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from rules.registry import get_game
from rules.template import template_of


def base_move(text: str) -> str:
    """The move without its declaration (`7:5-2=3` -> `7`): what the player picks."""
    return text.partition(":")[0]


def choice_key(game_id: str, state: Any, text: str) -> object:
    """What the move `text` chooses: moves with the same key are the same choice."""
    game: Any = get_game(game_id)
    if game_id in ("collect", "conquest"):
        return base_move(text)
    move = game.parse_move(text)
    if game_id == "fifty":
        pair = tuple(sorted((move.a, move.b))) if move.op in "+*" else (move.a, move.b)
        return (pair, move.op)
    if game_id == "countdown":
        after = game.play(state, move)
        return (after.running_total, text.lstrip("+-*/"))
    if game_id == "template":
        alike = alike_slots(state.options.template, state.options.digits)
        return (move.digit, move.player, alike.get(move.slot, move.slot))
    return text


def choices(game_id: str, state: Any, moves: tuple[str, ...]) -> int:
    """How many different choices `moves` (legal in `state`) are."""
    return len({choice_key(game_id, state, m) for m in moves})


@cache
def alike_slots(template: str, digits: tuple[int, int]) -> dict[int, int]:
    """Slot -> the first slot the template treats alike (swapping the two digits never
    changes the result), found by trying digits; slots alike to none map to themselves."""

    parsed = template_of(template)
    lo, hi = digits
    rng = random.Random(template)
    trials = [[rng.randint(max(lo, 1), hi) for _ in range(3)] for _ in range(40)]
    found: dict[int, int] = {}
    for i in range(1, 4):
        for j in range(1, i):
            if found.get(j, j) != j:
                continue
            if all(_swapped_same(parsed, t, i - 1, j - 1) for t in trials):
                found[i] = j
                break
    return found


def _swapped_same(parsed: Any, values: list[int], i: int, j: int) -> bool:
    swapped = list(values)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return bool(parsed.evaluate(values) == parsed.evaluate(swapped))


def distinct_choices(game_id: str, state: Any, moves: Sequence[str]) -> list[str]:
    """`moves` in order with each choice once (its last move), the moves that change
    something first: the examples a sentence gives."""
    kept = {choice_key(game_id, state, move): move for move in moves}
    return sorted(kept.values(), key=lambda move: changes_nothing(game_id, state, move))


def changes_nothing(game_id: str, state: Any, text: str) -> bool:
    """Does the move leave the position's figures as they were (see the module's notes)?"""
    game: Any = get_game(game_id)
    if game_id == "countdown":
        after = game.play_text(state, text)
        return bool(after.running_total == state.running_total)
    if game_id == "fifty":
        after = game.play_text(state, text)
        return bool(after.scores == state.scores)
    return False


def plausible(game_id: str, state: Any, text: str, legal: list[str]) -> bool:
    """A move a person might make (see the module)."""
    if game_id == "collect" and ":" not in text.rstrip(":"):
        declared = (m for m in legal if base_move(m) == base_move(text) and m != text)
        if any(m.rstrip(":") != base_move(text) for m in declared):
            return False
    if not changes_nothing(game_id, state, text):
        return True
    return all(changes_nothing(game_id, state, m) for m in legal)
