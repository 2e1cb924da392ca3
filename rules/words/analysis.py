"""The analysis of a game in words; values count the winner's own moves, as players do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.base import PlayerNo
from rules.choices import distinct_choices
from rules.registry import get_game
from rules.words.common import (
    DEFAULT_NAMES,
    Names,
    moves_text,
    name_of,
    own_moves,
    possessive,
)
from rules.words.moves import short_move

#: How many best moves a line lists before "… (N in all)".
BEST_SHOWN = 6


def value_text(value: tuple[PlayerNo, int], to_move: PlayerNo, names: Names = DEFAULT_NAMES) -> str:
    """`Ada wins in 3 moves` (Ada's own), `Ada has won` at the end, `Ada wins when Bob's
    move ends the game` when it is Bob's last move; `to_move` moves next."""
    winner, moves = value
    if moves == 0:
        return f"{name_of(winner, names)} has won"
    own = own_moves(moves, winner == to_move)
    if own == 0:
        loser = possessive(name_of(to_move, names))
        return f"{name_of(winner, names)} wins when {loser} move ends the game"
    return f"{name_of(winner, names)} wins in {moves_text(own)}"


def listing(items: Sequence[str], shown: int = BEST_SHOWN) -> str:
    """`1, 4 or 6`; a long list is cut: `1, 2, 3, … (14 in all)`."""
    if len(items) > shown:
        return f"{', '.join(items[:shown])}, … ({len(items)} in all)"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} or {items[-1]}"


def moves_listing(
    game_id: str,
    state: Any,
    moves: Sequence[str],
    names: Names = DEFAULT_NAMES,
    shown: int = BEST_SHOWN,
) -> str:
    """The moves (notation) at `state` described, listed: `8 × 1 = 8 or 9 × 5 = 45`;
    `any move (12)` when every legal move is among them."""
    if len(moves) > 1 and len(moves) == len(get_game(game_id).legal_moves(state)):
        return f"any move ({len(moves)})"
    return listing([short_move(game_id, state, move, names) for move in moves], shown)


def start_line(value: tuple[PlayerNo, int], first: PlayerNo, names: Names = DEFAULT_NAMES) -> str:
    """`Ada wins in 4 moves (Bob moved first).`"""
    return f"{value_text(value, first, names)} ({name_of(first, names)} moved first)."


def mistake_line(
    game_id: str,
    state: Any,
    number: int,
    mover: PlayerNo,
    move: str,
    best: Sequence[str],
    names: Names = DEFAULT_NAMES,
) -> str:
    """`move 3, Ada played 9 × 5 = 45 and threw the win away; 2 moves kept the win: 8 × 1 = 8
    and 6 × 7 = 42.`"""
    played = short_move(game_id, state, move, names)
    kept = counted_moves(game_id, state, best, names, "kept the win")
    return f"move {number}, {name_of(mover, names)} played {played} and threw the win away; {kept}."


def hastened_line(
    game_id: str,
    state: Any,
    number: int,
    move: str,
    before: tuple[PlayerNo, int],
    after: tuple[PlayerNo, int],
    best: Sequence[str],
    names: Names = DEFAULT_NAMES,
) -> str:
    """A move that shortened a lost game: `move 7, Bob played +9 and let Ada win at once;
    Bob could have held out for …`."""
    winner, after_moves = after
    loser: PlayerNo = 2 if winner == 1 else 1
    played = short_move(game_id, state, move, names)
    wins = own_moves(after_moves, True)
    when = "at once" if after_moves == 1 else f"in {moves_text(wins)}"  # (2: Bob ends it)
    if after_moves == 0:
        when = "there and then"
    resistance = resistance_text(game_id, state, before, best, names)
    return (
        f"move {number}, {name_of(loser, names)} played {played} and let "
        f"{name_of(winner, names)} win {when}; {resistance}."
    )


def resistance_text(
    game_id: str,
    state: Any,
    before: tuple[PlayerNo, int],
    best: Sequence[str],
    names: Names = DEFAULT_NAMES,
) -> str:
    """How long a lost game could have lasted, and by which moves: `Bob could have held
    out for 9 more moves; 1 move held out that long: +2`."""
    held = own_moves(before[1], True)
    loser = name_of(2 if before[0] == 1 else 1, names)
    longest = counted_moves(game_id, state, best, names, "held out that long")
    return (
        f"{loser} could have held out for {held} more {'move' if held == 1 else 'moves'}; {longest}"
    )


def counted_moves(
    game_id: str,
    state: Any,
    moves: Sequence[str],
    names: Names,
    did: str,
    shown: int = 3,
) -> str:
    """How many moves at `state` did something, and which: `2 moves kept the win: 8 × 1 =
    8 and 6 × 7 = 42`, `14 moves kept the win, such as 1, 2 and 3`, `every move kept the
    win`; the same choice counts once (`rules.choices`)."""
    chosen = distinct_choices(game_id, state, moves)
    said = [short_move(game_id, state, move, names) for move in chosen[:shown]]
    count = len(chosen)
    if len(moves) > 1 and len(moves) == len(get_game(game_id).legal_moves(state)):
        return f"every move {did}"
    if not said:
        return f"no move {did}"
    listed = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
    if count > shown:
        return f"{count} moves {did}, such as {listed}"
    return f"{moves_text(count)} {did}: {listed}"


def refutation_text(
    game_id: str, state: Any, line: Sequence[str], names: Names = DEFAULT_NAMES
) -> str:
    """The line that punishes a mistake, from the position after it, in words:
    `Bob replies 9 × 5 = 45, then Ada 8 + 1 = 9, Bob 6 × 7 = 42: Bob wins.`"""
    if not line:
        return ""
    game = get_game(game_id)
    said: list[str] = []
    for move in line:
        name = name_of(game.to_move(state), names)
        verb = " replies " if not said else " "
        said.append(f"{name}{verb}{short_move(game_id, state, move, names)}")
        state = game.play_text(state, move)
    text = said[0] + "".join(
        f", then {item}" if i == 1 else f", {item}" for i, item in enumerate(said[1:], 1)
    )
    outcome = game.outcome(state)
    if outcome is None:
        return f"{text}, …"
    return f"{text}: {name_of(outcome.winner, names)} wins."
