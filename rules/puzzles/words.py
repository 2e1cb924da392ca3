"""Puzzles in a player's words ("Player 1"/"Player 2"; the app swaps in names), never notation."""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.registry import get_game
from rules.template import partial_text
from rules.words.moves import describe_move


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
        lines = [f"Template: {state.options.template}. Digits left: {_numbers(state.pool)}."]
        lines += [f"Player {p}'s equation: {partial_text(state, p)}." for p in players]
        lines.append("The higher result wins (ties: the second player).")
        return lines
    if game_id == "fifty":
        lines = [f"Numbers left: {_numbers(state.pool)}. Target: exactly {state.options.target}."]
        lines += [
            f"Player {p} has {state.scores[p - 1]} points.".replace("-", "−") for p in players
        ]
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


#: The move (notation) made in a state, in the game's own words: `move_words(game_id,
#: state, text)`.
move_words = describe_move


def moves_words(game_id: str, options: Any, moves: tuple[str, ...] | list[str]) -> list[str]:
    """Each move from the start, in words: `Player 1: Pick 7`."""
    game = get_game(game_id)
    states = game.history(options, moves)
    return [
        f"Player {game.to_move(state)}: {move_words(game_id, state, text)}"
        for state, text in zip(states, moves, strict=False)  # (the last state: after them)
    ]


_OPERATIONS = {"+": "an addition", "-": "a subtraction", "*": "a multiplication", "/": "a division"}


def clue_words(game_id: str, state: Any, text: str, own: int = 1) -> str:
    """A clue to the winning move `text` that does not give it away: what kind of move
    it is, and how many of the mover's own moves (`own`) the win takes."""
    move: Any = get_game(game_id).parse_move(text)
    if game_id in ("fifty", "countdown") and move.op is not None:
        clue = f"{_OPERATIONS[move.op]} wins"
    elif game_id == "countdown":
        clue = "you need not use a number this turn"
    elif game_id == "collect" and move.declaration is not None:
        clue = "one pick lets you declare a true equation at once"
    elif game_id == "collect":
        clue = "no equation yet: pick a number that leaves you two ways to finish one"
    elif game_id == "conquest":
        clue = "one number completes an equation with the last two numbers, in order"
    else:
        whose = "your own" if move.player == state.to_move else "your opponent's"
        clue = f"the winning digit goes in {whose} template"
    return clue if own <= 1 else f"{clue}; the win takes {own} of your moves"
