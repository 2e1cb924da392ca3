"""A campaign of random tournament steps through the command line (bench/classroom.py
campaign, smaller): no crash, no hang, nothing entered lost. Soak set only."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.soak


def test_random_tournament_steps_lose_nothing() -> None:
    path = Path(__file__).resolve().parents[2] / "bench" / "classroom.py"
    spec = importlib.util.spec_from_file_location("classroom_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    tally = bench.campaign(tournaments=40, seed=7, seconds=120.0)
    assert tally["tried"] > 100
    assert (tally["crashes"], tally["hangs"], tally["lost"]) == (0, 0, 0)
