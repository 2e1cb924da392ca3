"""How long `legal_moves` takes per position, and random play per game, in every game.

    python bench/legal_moves.py [POSITIONS] [GAMES]

Positions come from seeded random play with default options (every position that is not
over). Times are CPU time of this process (`time.process_time`), so a busy machine
disturbs them less than wall-clock time; each figure is the median of five rounds.
The second table plays GAMES seeded random games per game (default options) through
the protocol, as the consistency tests do, and prints the CPU time per game.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.registry import GAME_IDS, get_game


def positions(game_id: str, count: int, seed: int) -> list[Any]:
    game = get_game(game_id)
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new()
        while game.outcome(state) is None and len(found) < count:
            found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found


def per_position(game_id: str, states: list[Any]) -> float:
    game = get_game(game_id)
    rounds = []
    for _ in range(5):
        start = time.process_time()
        for state in states:
            game.legal_moves(state)
        rounds.append((time.process_time() - start) / len(states))
    return statistics.median(rounds)


def per_game(game_id: str, games: int) -> float:
    game = get_game(game_id)
    rng = random.Random(7)
    start = time.process_time()
    for _ in range(games):
        state = game.new()
        while game.outcome(state) is None:
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return (time.process_time() - start) / games


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print(f"{'game':<10} {'legal_moves per position':>26} {'random game':>14}")
    for game_id in GAME_IDS:
        states = positions(game_id, count, seed=1)
        get_game(game_id).legal_moves(states[0])  # warm imports and caches' first fill
        move_ms = per_position(game_id, states) * 1000
        game_ms = per_game(game_id, games) * 1000
        print(f"{game_id:<10} {move_ms:>23.3f} ms {game_ms:>11.2f} ms")


if __name__ == "__main__":
    main()
