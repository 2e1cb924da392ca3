"""Random-play soak (issue 10), written once in bench/random_play.py: random games of
every game and variant with the OpenSpiel-style invariants (legal moves exist until the
end and not after, notation and JSON round trips, the game ends).

The default run plays one game of every variant; the soak plays RANDOM_PLAY_GAMES games
(`RANDOM_PLAY_GAMES=1000000 pytest -m soak tests/rules/test_random_play.py -s`) and
prints the rate in games per second.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "random_play.py"


def random_play() -> ModuleType:
    spec = importlib.util.spec_from_file_location("random_play", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_quick_random_play_every_variant() -> None:
    module = random_play()
    count = len(module.variants())
    games, moves, _, per_game = module.run(count, seed=7)
    assert games == count and moves > count
    assert set(per_game) == {"collect", "template", "fifty", "conquest", "countdown"}


@pytest.mark.soak
def test_soak_random_play() -> None:
    module = random_play()
    games, moves, seconds, per_game = module.run(
        int(os.environ.get("RANDOM_PLAY_GAMES", "1000000")), seed=11
    )
    print(
        f"\nrandom play: {games:,} games, {moves:,} moves, 0 invariant failures, "
        f"{games / seconds:,.0f} games/s; " + ", ".join(f"{g} {n:,}" for g, n in per_game.items())
    )
