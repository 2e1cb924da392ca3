"""Computer players at three levels, written once against the game verbs and the solver.

    make_player(level, game_id, seed=None) -> a function from a state to its move

- easy: random legal moves; when a move wins at once (a declaration that balances, a hit
  on the target, an equation completed) it spots it half the time, and otherwise plays one
  of the moves that do not win at once.
- medium: takes a win at once when there is one, avoids moves that hand the opponent a
  win at once (or lose at once), otherwise plays at random.
- perfect: the solver. In a won position it plays a fastest win, so a won game never
  slips; in a lost one it makes the opponent's win as long as possible and then as hard
  as possible (then the fewest replies that keep the opponent's fastest win). The
  search is `rules.solver.perfect` (value first, then distance).

Players are deterministic for a given seed (ties between equal moves are drawn from it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.registry import get_game
from rules.solver.core import engine_for
from rules.solver.perfect import perfect_choice
from rules.solver.types import WIN_NOW

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "perfect")

Player = Callable[[Any], Any]


def wins_at_once(game: Any, state: Any, move: Any) -> bool:
    """Does `move` end the game with the mover winning?"""
    outcome = game.outcome(game.play(state, move))
    return outcome is not None and outcome.winner == game.to_move(state)


def hands_over(game_id: str, game: Any, state: Any, move: Any) -> bool:
    """After `move`, has the opponent won, or can they win with their next move?"""
    mover = game.to_move(state)
    after = game.play(state, move)
    outcome = game.outcome(after)
    if outcome is not None:
        return bool(outcome.winner != mover)
    _, spec, _ = engine_for(game_id, after.options)
    first = next(iter(spec.expand(spec.encode(after))), None)
    return first is WIN_NOW


class _Level:
    """What every level holds: its game and its own random source (seeded)."""

    def __init__(self, game_id: str, rng: random.Random) -> None:
        self.game_id = game_id
        self.game = get_game(game_id)
        self.rng = rng


class _Easy(_Level):
    def __call__(self, state: Any) -> Any:
        game = self.game
        moves = game.legal_moves(state)
        winning = [m for m in moves if wins_at_once(game, state, m)]
        if winning and self.rng.random() < 0.5:
            return self.rng.choice(winning)
        others = [m for m in moves if m not in winning]
        return self.rng.choice(others or moves)


class _Medium(_Level):
    def __call__(self, state: Any) -> Any:
        game = self.game
        moves = game.legal_moves(state)
        winning = [m for m in moves if wins_at_once(game, state, m)]
        if winning:
            return self.rng.choice(winning)
        safe = [m for m in moves if not hands_over(self.game_id, game, state, m)]
        return self.rng.choice(safe or moves)


class _Perfect(_Level):
    def __call__(self, state: Any) -> Any:
        game = self.game
        by_text = {game.format_move(m): m for m in game.legal_moves(state)}
        return by_text[self.choose(state)]

    def choose(self, state: Any) -> str:
        """The move (notation) the perfect player makes (`rules.solver.perfect`)."""
        return perfect_choice(self.game_id, state, self.rng).move


def make_player(level: str, game_id: str, seed: int | None = None) -> Player:
    """A computer player: a function from a state (its turn) to the move it makes."""
    rng = random.Random(seed)
    if level == "easy":
        return _Easy(game_id, rng)
    if level == "medium":
        return _Medium(game_id, rng)
    if level == "perfect":
        return _Perfect(game_id, rng)
    raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
