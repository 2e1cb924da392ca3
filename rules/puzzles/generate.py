"""Puzzles made from plausible play: the medium computer for both sides from a seeded start.

    generate(game_id, seed, difficulty=None) -> Puzzle

A seed picks one of the game's variants (default options and the rule book's variants
that the solver settles quickly), then both sides play the medium computer (now and then
the easy one, so that positions after a mistake come up too: conquest's only puzzles
after the third move are found that way or in the declare variant). Every position on
the way is judged by the solver (`rules.puzzles.judge`); the first one of the wanted
difficulty is the puzzle, or, after a few games, the one closest to it.
"""

from __future__ import annotations

import random
from typing import Any

from rules.games import variants_of
from rules.players import make_player
from rules.puzzles.judge import difficulty_of, difficulty_score, is_puzzle, winning_moves
from rules.puzzles.model import DIFFICULTIES, Difficulty, Puzzle
from rules.registry import get_game

#: Variants left out: a match or a clock (not a position's matter), and setups whose
#: positions the solver takes long over (a second or more) while giving no puzzles.
SKIPPED_EVERYWHERE: frozenset[str] = frozenset({"match", "timed", "match+timed+player-2-first"})
SKIPPED_VARIANTS: dict[str, frozenset[str]] = {
    "fifty": frozenset({"extended-pool", "extended-pool+target-100", "target-100"}),
    "countdown": frozenset({"target-50"}),
}

#: How often a side plays the easy computer's move instead of the medium one's.
SLIP_CHANCE = 0.15

#: Games played for one puzzle before settling for the closest difficulty.
TRIES = 6


class NoPuzzle(LookupError):
    """No position of the wanted kind came up from this seed."""


def variants(game_id: str) -> dict[str, dict[str, Any]]:
    """The variants puzzles come from (name -> options as plain data), default first."""
    found: dict[str, dict[str, Any]] = {"standard": {}}
    for name, options in variants_of(game_id).items():
        skipped = SKIPPED_EVERYWHERE | SKIPPED_VARIANTS.get(game_id, frozenset())
        if name in skipped or name == "standard":
            continue
        found[name] = options.model_dump(mode="json", exclude_defaults=True)
    return found


def candidates(game_id: str, seed: int) -> list[Puzzle]:
    """Every puzzle position of one seeded game of plausible play, in order of play."""
    rng = random.Random(f"{game_id}:{seed}")
    game = get_game(game_id)
    name = rng.choice(sorted(variants(game_id)))
    data = variants(game_id)[name]
    options = game.options_from(data)
    players = {
        level: make_player(level, game_id, seed=rng.randrange(2**32))
        for level in ("easy", "medium")
    }
    state = game.new(options)
    moves: list[str] = []
    found: list[Puzzle] = []
    while not game.is_over(state):
        if moves:
            found.extend(_judge(game_id, game, data, state, moves))
        level = "easy" if rng.random() < SLIP_CHANCE else "medium"
        move = players[level](state)
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return found


def _judge(
    game_id: str, game: Any, data: dict[str, Any], state: Any, moves: list[str]
) -> list[Puzzle]:
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    won, figures = winning_moves(game_id, state)
    if not is_puzzle(won, figures, legal):
        return []
    return [
        Puzzle(
            game=game_id,
            options=data,
            moves=tuple(moves),
            to_move=game.to_move(state),
            solution=won,
            difficulty=difficulty_of(figures),
            figures=figures,
        )
    ]


def generate(game_id: str, seed: int, difficulty: Difficulty | None = None) -> Puzzle:
    """A puzzle of `game_id` from `seed` (the same seed gives the same puzzle).

    With a difficulty, the first position of that difficulty in up to `TRIES` games; when
    none comes up, the closest one found. Raises NoPuzzle when no game gave any puzzle.
    """
    pool: list[Puzzle] = []
    for attempt in range(TRIES):
        found = candidates(game_id, seed * TRIES + attempt)
        if difficulty is None and found:
            return random.Random(seed).choice(found)
        exact = [p for p in found if p.difficulty == difficulty]
        if exact:
            return exact[0]
        pool.extend(found)
    if not pool:
        raise NoPuzzle(f"no {game_id} puzzle came up from seed {seed}")
    wanted = DIFFICULTIES.index(difficulty or "medium")
    return min(
        pool,
        key=lambda p: (abs(DIFFICULTIES.index(p.difficulty) - wanted), difficulty_score(p.figures)),
    )
