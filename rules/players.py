"""Computer players at three levels (`player_for`, `make_player`), deterministic per seed.

- easy: random; spots a win at once half the time, else plays a move that does not win.
- medium: takes a win at once, avoids handing one to the opponent, else random.
- perfect: the solver (`rules.solver.perfect`): the fastest win; when lost, the longest
  and hardest resistance.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeAlias, cast

from rules.base import Frozen, Game, GameState, MoveT, StateT
from rules.registry import get_game
from rules.solver.core import engine_for
from rules.solver.perfect import perfect_choice
from rules.solver.types import WIN_NOW

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "perfect")

#: A computer player: a function from a state of its game (its turn) to the move it makes.
Player: TypeAlias = Callable[[StateT], MoveT]


def wins_at_once(game: Game[Any, StateT, MoveT], state: StateT, move: MoveT) -> bool:
    """Does `move` end the game with the mover winning?"""
    outcome = game.outcome(game.play(state, move))
    return outcome is not None and outcome.winner == game.to_move(state)


def hands_over(game: Game[Any, StateT, MoveT], state: StateT, move: MoveT) -> bool:
    """After `move`, has the opponent won, or can they win with their next move?"""
    mover = game.to_move(state)
    after = game.play(state, move)
    outcome = game.outcome(after)
    if outcome is not None:
        return bool(outcome.winner != mover)
    options = cast(Any, after).options  # every game's state holds its options
    _, spec, _ = engine_for(game.id, options)
    first = next(iter(spec.expand(spec.encode(after))), None)
    return first is WIN_NOW


class _Computer(Generic[StateT, MoveT]):
    """A computer player at `level`, with its game and its own random source (seeded)."""

    def __init__(self, level: str, game: Game[Any, StateT, MoveT], rng: random.Random) -> None:
        self.level, self.game, self.rng = level, game, rng

    def __call__(self, state: StateT) -> MoveT:
        game, rng = self.game, self.rng
        moves = game.legal_moves(state)
        if self.level == "perfect":
            by_text = {game.format_move(m): m for m in moves}
            return by_text[perfect_choice(game.id, state, rng).move]
        winning = [m for m in moves if wins_at_once(game, state, m)]
        if winning and (self.level == "medium" or rng.random() < 0.5):
            return rng.choice(winning)
        if self.level == "easy":
            return rng.choice([m for m in moves if m not in winning] or moves)
        return rng.choice([m for m in moves if not hands_over(game, state, m)] or moves)


def player_for(
    level: str, game: Game[Any, StateT, MoveT], seed: int | None = None
) -> Player[StateT, MoveT]:
    """A computer player for `game`: a function from its state (its turn) to its move."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    return _Computer(level, game, random.Random(seed))


def make_player(level: str, game_id: str, seed: int | None = None) -> Player[GameState, Frozen]:
    """A computer player for the game with this id (`player_for` on `get_game(game_id)`)."""
    return player_for(level, get_game(game_id), seed)
