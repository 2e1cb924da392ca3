"""How long a perfect computer move takes, in every default game.

    python bench/bot_moves.py [POSITIONS] [GAMES]

Two figures per game:
- sampled positions, cold solver: positions reached by seeded random play (every
  position that is not over), the solver's tables emptied before each move, so each
  move pays for its whole search (the worst case);
- during games: the perfect player against the easy one in both seats, timing each of
  its moves with the tables kept between moves, as in the app.

The peak resident memory of the whole run (`resource.getrusage`) is printed last.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.players import make_player
from rules.registry import GAME_IDS, get_game
from rules.solver import clear_cache


def sample_positions(game_id: str, count: int, seed: int) -> list[object]:
    game = get_game(game_id)
    rng = random.Random(seed)
    found: list[object] = []
    while len(found) < count:
        state = game.new()
        for _ in range(rng.randint(0, 20)):
            if game.outcome(state) is not None:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is None:
            found.append(state)
    return found


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{len(times):5d} moves  median {statistics.median(times) * 1000:7.1f} ms  "
        f"p90 {p90 * 1000:7.1f} ms  worst {max(times) * 1000:7.1f} ms"
    )


def cold(game_id: str, count: int) -> list[float]:
    player = make_player("perfect", game_id, seed=1)
    times = []
    for state in sample_positions(game_id, count, seed=11):
        clear_cache()
        start = time.perf_counter()
        player(state)
        times.append(time.perf_counter() - start)
    return times


def in_games(game_id: str, games: int) -> list[float]:
    game = get_game(game_id)
    times = []
    clear_cache()
    for number in range(games):
        seat = 1 + number % 2
        perfect = make_player("perfect", game_id, seed=number)
        easy = make_player("easy", game_id, seed=number)
        state = game.new()
        while game.outcome(state) is None:
            if game.to_move(state) == seat:
                start = time.perf_counter()
                move = perfect(state)
                times.append(time.perf_counter() - start)
            else:
                move = easy(state)
            state = game.play(state, move)
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print(f"Perfect moves, {count} sampled positions per game (cold) and {games} games:")
    for game_id in GAME_IDS:
        print(f"{game_id:10s} cold     {figures(cold(game_id, count))}", flush=True)
        print(f"{game_id:10s} in game  {figures(in_games(game_id, games))}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this run: {peak:.0f} MB")


if __name__ == "__main__":
    main()
