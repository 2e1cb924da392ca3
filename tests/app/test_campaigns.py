"""The campaigns of issue 10 (tests/campaigns/): a short seeded run of each by default,
the long runs in the soak set (`pytest -m soak`). Each prints its table: what was tried,
how many, crashes, losses."""

from __future__ import annotations

import pytest

from tests.campaigns import Tally, key_storm, kill_save, save_corruption, table


def clean(tallies: list[Tally]) -> None:
    print(table(tallies))
    for tally in tallies:
        assert tally.tried > 0, tally.what
        assert tally.crashes == 0 and tally.losses == 0, table([tally])
        assert getattr(tally, "hangs", 0) == 0, table([tally])


def test_save_corruption_quick() -> None:
    clean(save_corruption.run(seed=7, count=30, screen_count=8))


def test_kill_during_save_quick() -> None:
    clean(kill_save.run(seed=7, count=6))


def test_key_storm_quick() -> None:
    tallies, _ = key_storm.run(seed=7, events=40)
    clean(tallies)


@pytest.mark.soak
def test_save_corruption_soak() -> None:
    clean(save_corruption.run(seed=1, count=2000, screen_count=500))


@pytest.mark.soak
def test_kill_during_save_soak() -> None:
    clean(kill_save.run(seed=1, count=400))


@pytest.mark.soak
def test_key_storm_soak() -> None:
    tallies, screens = key_storm.run(seed=1, events=20000)
    clean(tallies)
    assert {"MenuScreen", "SetupScreen", "RulesScreen"} <= set(screens)
