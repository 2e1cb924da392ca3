"""What the finished games kept automatically cost (docs/saves.md): keeping one at the end
of a game (written, then the oldest beyond 200 dropped), and listing 200 with their
results as the Saved games screen does (each replayed to check it and to say how it
ended).

    python bench/finished_games.py [--count 200]

Uses a temporary data folder (on the same disk as /tmp) and random games of fifty.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, ".")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="finished-bench-") as folder:
        os.environ["EQUATION_DUEL_DATA"] = folder
        from app.store.finished_games import keep_finished, list_games
        from app.tui.replay import describe
        from rules.records import players_of, record_from_moves
        from rules.registry import get_game

        game = get_game("fifty")
        records = []
        for seed in range(args.count + 20):
            rng, state, moves = random.Random(seed), game.new(), []
            while not game.is_over(state):
                move = rng.choice(game.legal_moves(state))
                moves.append(game.format_move(move))
                state = game.play(state, move)
            records.append(record_from_moves("fifty", None, moves, players_of(("Ann", "Bob"))))
        cpu, wall = time.process_time(), time.perf_counter()
        for record in records:
            keep_finished(record)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        each = len(records)
        print(
            f"keep a finished game: {1000 * cpu / each:.2f} ms CPU, {1000 * wall / each:.2f} ms wall"
        )
        cpu, wall = time.process_time(), time.perf_counter()
        games = list_games(check=True)
        for entry in games:
            assert entry.record is not None
            describe(entry.record)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(
            f"list {len(games)} kept games with their results: {cpu:.3f} s CPU, {wall:.3f} s wall"
        )


if __name__ == "__main__":
    main()
