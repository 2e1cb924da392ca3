"""Random games of every variant, invariants checked at every position (issue 10): legal
moves exist exactly while the game is not over; every move round-trips through its
notation and every position through JSON; the game ends. The rate in games per second.

    python bench/random_play.py [GAMES]      (default 10,000; tests/rules/test_random_play.py)
"""

from __future__ import annotations

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
    return [(get_game(g), name, options) for g in GAME_IDS for name, options in VARIANTS[g].items()]


def play_one(game: Game[Any, Any, Any], options: Any, rng: random.Random) -> int:
    """One random game with every invariant checked; the number of moves it took."""
    state = game.new(options)
    for moves in range(MOVE_LIMIT + 1):
        legal = game.legal_moves(state)
        over = game.outcome(state) is not None
        assert over == (not legal), f"legal moves {'after' if over else 'missing before'} the end"
        assert game.State.model_validate_json(state.model_dump_json()) == state, "JSON round trip"
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
    games, moves, seconds, per_game = run(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
    print(
        f"random play: {games:,} games, {moves:,} moves, {len(variants())} variants, "
        f"0 invariant failures, {seconds:.1f} s, {games / seconds:,.0f} games/s"
    )
    print("  " + ", ".join(f"{game_id} {count:,}" for game_id, count in sorted(per_game.items())))


if __name__ == "__main__":
    main()
