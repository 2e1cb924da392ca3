"""Any game's move in words, from the game's own describe module.

    describe_move("fifty", state, "8*1")               "Play 8 × 1 = 8"
    move_effect("fifty", state, "8*1", Voice(you=1))   "your score reaches exactly 50"
    move_sentence("fifty", state, "8*1", voice)        "Play 8 × 1 = 8: your score …."
    short_move("fifty", state, "8*1", marks)           "8 × 1 = 8" (the move list)

A move is given in notation or as the game's move model; `state` is the position it is
played in. Each game's wording lives in `rules/words/<game>.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from rules.base import IllegalMove, PlayerNo
from rules.registry import GAME_IDS, get_game
from rules.words.common import DEFAULT_NAMES, Names
from rules.words.voice import Voice


def _words(game_id: str) -> ModuleType:
    """The game's describe module, imported when first needed (as the game itself is)."""
    if game_id not in GAME_IDS:
        raise KeyError(f"unknown game {game_id!r}")
    return import_module(f"rules.words.{game_id}")


def _parts(game_id: str, move: Any) -> tuple[Any, ModuleType, Any]:
    game = get_game(game_id)
    model = game.parse_move(move) if isinstance(move, str) else move
    return game, _words(game_id), model


def describe_move(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """The move as an instruction, without a full stop: `Put 2 in Bob's third slot`."""
    _, words, model = _parts(game_id, move)
    text: str = words.describe(state, model, voice or Voice())
    return text


def move_effect(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """What the move does (`you win at once`), or "" when there is nothing to add.

    A move the rules refuse has no effect to tell ("")."""
    game, words, model = _parts(game_id, move)
    try:
        after = game.play(state, model)
    except IllegalMove:
        return ""
    text: str = words.effect(state, model, after, voice or Voice())
    return text


def move_sentence(game_id: str, state: Any, move: Any, voice: Voice | None = None) -> str:
    """The move and what it does, as a sentence: `Play 8 × 1 = 8: your score reaches
    exactly 50.`"""
    described = describe_move(game_id, state, move, voice)
    effect = move_effect(game_id, state, move, voice)
    return f"{described}{separator(game_id)}{effect}." if effect else f"{described}."


def separator(game_id: str) -> str:
    """What comes between a move and what it does: `: ` (`; ` where the move's own words
    hold a colon, as countdown's `Divide by 3: 27 ÷ 3 = 9`)."""
    sep: str = getattr(_words(game_id), "SEPARATOR", ": ")
    return sep


def short_move(game_id: str, state: Any, move: Any, names: Names = DEFAULT_NAMES) -> str:
    """The move for a narrow move list: `8 × 1 = 8`, `27 ÷ 3 = 9`, `9 → Bob slot 1`."""
    _, words, model = _parts(game_id, move)
    if game_id == "template":  # the only move that names a player
        named: str = words.short(state, model, names)
        return named
    text: str = words.short(state, model)
    return text


def short_moves(
    game_id: str,
    positions: Sequence[Any],
    played: Sequence[tuple[PlayerNo, str]],
    names: Names = DEFAULT_NAMES,
) -> tuple[tuple[PlayerNo, str], ...]:
    """A move list in words: each (mover, move in notation) with the position before it."""
    return tuple(
        (player, short_move(game_id, before, move, names))
        for before, (player, move) in zip(positions, played, strict=True)
    )
