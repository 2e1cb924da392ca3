"""Random-play soak (issue 10): random games of every game and variant, with the
OpenSpiel-style invariants checked at every move, and the rate in games per second.

    python bench/random_play.py [GAMES] [--seed S]      (default 10,000 games)

Invariants, at every position of every game:
- legal moves exist exactly while the game is not over (none after the end);
- every move played round-trips through its notation (format, parse, same move, same
  position) and every position through JSON (dump, load, same state);
- the game ends (within MOVE_LIMIT moves).
tests/rules/test_random_play.py runs it (a short seeded run by default; the soak with
`RANDOM_PLAY_GAMES=1000000 pytest -m soak`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

sys.path.insert(0, ".")

from rules.base import Game
from rules.games import VARIANTS
from rules.registry import GAME_IDS, get_game

MOVE_LIMIT = 10_000


def variants() -> list[tuple[Game[Any, Any, Any], str, Any]]:
    """Every (game, variant name, options) the rules name."""
    found = []
    for game_id in GAME_IDS:
        game = get_game(game_id)
        for name, options in VARIANTS[game_id].items():
            found.append((game, name, options))
    return found


def play_one(game: Game[Any, Any, Any], options: Any, rng: random.Random) -> int:
    """One random game with every invariant checked; the number of moves it took."""
    state = game.new(options)
    for moves in range(MOVE_LIMIT + 1):
        legal = game.legal_moves(state)
        over = game.outcome(state) is not None
        assert over == (not legal), f"legal moves {'after' if over else 'missing before'} the end"
        assert game.state_from_json(state.model_dump_json()) == state, "JSON round trip"
        if over:
            return moves
        move = rng.choice(legal)
        text = game.format_move(move)
        assert game.parse_move(text) == move, f"notation round trip of {text!r}"
        after = game.play(state, move)
        assert game.play_text(state, text) == after, f"{text!r} plays differently as text"
        state = after
    raise AssertionError(f"a game did not end after {MOVE_LIMIT} moves")


def run(games: int, seed: int = 0) -> tuple[int, int, float, Counter[str]]:
    """Play `games` random games over every variant in turn: (games, moves, seconds, per game)."""
    rng = random.Random(seed)
    pool = variants()
    per_game: Counter[str] = Counter()
    total_moves = 0
    start = time.perf_counter()
    for number in range(games):
        game, name, options = pool[number % len(pool)]
        try:
            total_moves += play_one(game, options, rng)
        except AssertionError as error:
            raise AssertionError(f"{game.id} {name}, game {number}: {error}") from None
        per_game[game.id] += 1
    return games, total_moves, time.perf_counter() - start, per_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    games, moves, seconds, per_game = run(args.games, args.seed)
    print(
        f"random play: {games:,} games, {moves:,} moves, {len(variants())} variants, "
        f"0 invariant failures, {seconds:.1f} s, {games / seconds:,.0f} games/s"
    )
    print("  " + ", ".join(f"{game_id} {count:,}" for game_id, count in sorted(per_game.items())))


if __name__ == "__main__":
    main()
