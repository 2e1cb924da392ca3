"""What keeping a game after every move costs (docs/saves.md): the write the game screen
does after each move, against the same write flushed to the disk as saves are.

    python bench/keep_unfinished.py [--count 300]

Prints the CPU and wall milliseconds per keep of a template game of five moves, in a
temporary data folder (on the same disk as /tmp), with and without the flush, and what
the full screen's thread spends when it hands the write to the writer thread
(`app.store.keep_writer`; the CPU is the whole process's, the writer's included, the wall time
is the calling thread's only: each write is waited for after the timing, as the screen
waits before its next frame).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, ".")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="keep-bench-") as folder:
        os.environ["EQUATION_DUEL_DATA"] = folder
        from app.store import keep_writer
        from app.store.kept_games import keep_unfinished
        from app.store.storage import atomic_write_text
        from rules.record_json import to_json
        from rules.records import record_from_moves

        moves = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2"]
        record = record_from_moves("template", None, moves)
        path = keep_unfinished(record).path
        assert path is not None
        for name, keep in (
            ("kept after a move (atomic, no flush)", lambda: keep_unfinished(record)),
            (
                "written as saves are (atomic, flushed)",
                lambda: atomic_write_text(path, to_json(record)),
            ),
        ):
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(args.count):
                keep()
            cpu = (time.process_time() - cpu) / args.count * 1000
            wall = (time.perf_counter() - wall) / args.count * 1000
            print(f"{name:<42} {cpu:6.2f} ms CPU {wall:7.2f} ms wall")
        spent_cpu = spent_wall = 0.0
        for _ in range(args.count):
            cpu, wall = time.process_time(), time.perf_counter()
            keep_unfinished(record, background=True)
            spent_wall += time.perf_counter() - wall
            keep_writer.wait()
            spent_cpu += time.process_time() - cpu
        print(
            f"{'handed to the writer thread':<42} "
            f"{spent_cpu / args.count * 1000:6.2f} ms CPU {spent_wall / args.count * 1000:7.2f} ms wall"
        )


if __name__ == "__main__":
    main()
