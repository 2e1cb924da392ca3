"""Puzzles made from plausible play: the medium computer (now and then the easy one) for both
sides from a seeded start, on the default options or a rule book variant. Every position
is judged by the solver, and `make_bank` keeps the puzzles it finds.
"""

from __future__ import annotations

import random
from typing import Any

from rules.choices import plausible
from rules.games import variants_of
from rules.players import make_player
from rules.puzzles.judge import difficulty_of, is_puzzle, winning_moves
from rules.puzzles.model import Puzzle
from rules.registry import get_game

#: Variants left out: a match or a clock (not a position's matter), and setups whose
#: positions the solver takes long over (a second or more) while giving no puzzles.
SKIPPED_EVERYWHERE: frozenset[str] = frozenset({"match", "timed", "match+timed+player-2-first"})
SKIPPED_VARIANTS: dict[str, frozenset[str]] = {
    "fifty": frozenset({"extended-pool", "extended-pool+target-100", "target-100"}),
    # target 50 is slow to solve; a pool of 1-3 and a target of 10 are toy options
    "countdown": frozenset({"target-50", "tiny-pool", "target-10", "tiny-pool+target-10"}),
}

#: Games whose positions one plausible move off the line played are judged too (the
#: solver settles them in milliseconds, and the long wins lie off the computer's line).
BRANCHING: frozenset[str] = frozenset({"countdown", "fifty"})

#: How often a seed plays the default options (the rest: one of the variants).
DEFAULT_SHARE = 0.5

#: How often a side plays the easy computer's move instead of the medium one's (more often
#: where medium lines meet in the same few positions, so hard puzzles would repeat).
SLIP_CHANCE = 0.15
SLIP_CHANCES: dict[str, float] = {"fifty": 0.5, "countdown": 0.5}


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
    found_variants = variants(game_id)
    others = sorted(name for name in found_variants if name != "standard")
    use_default = not others or rng.random() < DEFAULT_SHARE
    data = found_variants["standard" if use_default else rng.choice(others)]
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
        level = "easy" if rng.random() < SLIP_CHANCES.get(game_id, SLIP_CHANCE) else "medium"
        text = game.format_move(players[level](state))
        legal = [game.format_move(m) for m in game.legal_moves(state)]
        if game_id in BRANCHING and len(moves) >= 2:
            found.extend(_branches(game_id, game, data, state, moves, legal, rng))
        if not plausible(game_id, state, text, legal):
            text = rng.choice([m for m in legal if plausible(game_id, state, m, legal)])
        moves.append(text)
        state = game.play_text(state, text)
    return found


def _branches(
    game_id: str,
    game: Any,
    data: dict[str, Any],
    state: Any,
    moves: list[str],
    legal: list[str],
    rng: random.Random,
) -> list[Puzzle]:
    """Puzzles one plausible move off the line played (a few, picked by the seed)."""
    found: list[Puzzle] = []
    others = [m for m in legal if plausible(game_id, state, m, legal)]
    for text in rng.sample(others, min(len(others), 6)):
        after = game.play_text(state, text)
        if not game.is_over(after):
            found.extend(_judge(game_id, game, data, after, [*moves, text]))
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
