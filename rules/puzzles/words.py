"""Puzzles in a player's words: the position and the moves, with the games' symbols.

    position_words(game_id, state) -> list[str]   one line per thing on the board
    move_words(game_id, state, move) -> str      "take 7 and declare 5 − 2 = 3"

Players are "Player 1" and "Player 2" (the app swaps in names). No notation is shown.
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.equation import pretty_equation
from rules.operators import shown
from rules.registry import get_game

_ORDINALS = {1: "first", 2: "second", 3: "third"}
_COUNTDOWN_VERBS = {"+": "add", "-": "subtract", "*": "multiply by", "/": "divide by"}


def _numbers(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(n) for n in numbers) if numbers else "none"


def position_words(game_id: str, state: Any) -> list[str]:
    """The position, line by line."""
    players: tuple[PlayerNo, PlayerNo] = (1, 2)
    if game_id == "collect":
        lines = [f"Numbers left: {_numbers(state.pool)}."]
        lines += [f"Player {p} holds: {_numbers(state.numbers_of(p))}." for p in players]
        return lines
    if game_id == "template":
        from rules.template import partial_text

        lines = [f"Template: {state.options.template}. Digits left: {_numbers(state.pool)}."]
        lines += [f"Player {p}'s equation: {partial_text(state, p)}." for p in players]
        lines.append("The higher result wins (ties: the second player).")
        return lines
    if game_id == "fifty":
        lines = [f"Numbers left: {_numbers(state.pool)}. Target: exactly {state.options.target}."]
        lines += [f"Player {p} has {state.scores[p - 1]} points." for p in players]
        return lines
    if game_id == "conquest":
        lines = [f"Numbers so far: {_numbers(state.sequence)}."]
        if state.options.declare:
            lines.append("The player completing an equation must declare it.")
        return lines
    if game_id == "countdown":
        lines = [f"Running total: {state.running_total}. Target: {state.options.target}."]
        lines += [f"Player {p}'s numbers: {_numbers(state.available[p - 1])}." for p in players]
        return lines
    raise ValueError(f"unknown game {game_id!r}")


def move_words(game_id: str, state: Any, text: str) -> str:
    """The move `text` (notation) made in `state`, in words."""
    game = get_game(game_id)
    move = game.parse_move(text)
    if game_id == "collect":
        head = "pick nothing" if move.pick is None else f"take {move.pick}"
        if move.declaration is None:
            return head
        return f"{head} and declare {pretty_equation(move.declaration)}"
    if game_id == "template":
        return f"put {move.digit} in Player {move.player}'s {_ORDINALS[move.slot]} slot"
    if game_id == "fifty":
        mover: PlayerNo = state.to_move
        after = game.play(state, move)
        gained = after.scores[mover - 1] - state.scores[mover - 1]
        return f"play {move.a} {shown(move.op)} {move.b} (scoring {gained})"
    if game_id == "conquest":
        if move.declaration is None:
            return f"play {move.number}"
        return f"play {move.number} and declare {pretty_equation(move.declaration)}"
    if game_id == "countdown":
        if move.op is None:
            return "pass"
        return f"{_COUNTDOWN_VERBS[move.op]} {move.number}"
    raise ValueError(f"unknown game {game_id!r}")


def moves_words(game_id: str, options: Any, moves: tuple[str, ...] | list[str]) -> list[str]:
    """Each move from the start, in words: `Player 1: take 7`."""
    game = get_game(game_id)
    state = game.new(options)
    lines = []
    for text in moves:
        lines.append(f"Player {game.to_move(state)}: {move_words(game_id, state, text)}")
        state = game.play_text(state, text)
    return lines


_GERUNDS = {
    "play": "playing",
    "take": "taking",
    "put": "putting",
    "add": "adding",
    "subtract": "subtracting",
    "multiply": "multiplying",
    "divide": "dividing",
    "pass": "passing",
    "pick": "picking",
}


def gerund(words: str) -> str:
    """`take 7 and declare …` -> `taking 7 and declaring …` (for "taking 7 loses",
    "answers by taking 3")."""
    first, space, rest = words.partition(" ")
    rest = rest.replace(" and declare ", " and declaring ")
    return _GERUNDS.get(first, first) + space + rest
