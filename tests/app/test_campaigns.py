"""The campaigns of issue 10 (tests/campaigns/): a short seeded run of each by default,
the long runs in the soak set (`pytest -m soak`). Each prints its table: what was tried,
how many, crashes, losses."""

from __future__ import annotations

import pytest

from tests.campaigns import (
    Tally,
    capped_storm,
    hostile_paths,
    key_storm,
    kill_save,
    save_corruption,
    table,
)


def clean(tallies: list[Tally]) -> None:
    print(table(tallies))
    for tally in tallies:
        assert tally.tried > 0, tally.what
        assert tally.crashes == tally.hangs == tally.losses == 0, table([tally])


def test_save_corruption_quick() -> None:
    clean(save_corruption.run(seed=7, count=30, screen_count=8))


def test_kill_during_save_quick() -> None:
    clean(kill_save.run(seed=7, count=6))


def test_key_storm_quick() -> None:
    # Bursts queued at once (issue 29), between keys pressed one by one, clicks, resizes.
    tallies, _ = key_storm.run(seed=7, events=40, no_wait=True)
    clean(tallies)


def test_hostile_paths_quick() -> None:
    # Issue 36: no command replaces, follows or removes what is not the app's own.
    clean(hostile_paths.run(seed=7, count=12))


@pytest.mark.soak
def test_hostile_paths_soak() -> None:
    clean(hostile_paths.run(seed=1, count=600))


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


@pytest.mark.soak
@pytest.mark.parametrize("no_wait", [False, True], ids=["pressed", "queued"])
def test_key_storm_with_the_palette_soak(no_wait: bool) -> None:
    """Issue 36: ctrl+p and its page keys in the storm (a second palette under the
    too-small screen was a DuplicateIds crash at 20×8)."""
    tallies, screens = key_storm.run(seed=1, events=2000, no_wait=no_wait, palette=True)
    clean(tallies)
    assert {"GamePalette", "TooSmallScreen"} <= set(screens)


@pytest.mark.soak
def test_key_storm_queued_at_once_soak() -> None:
    """Issue 29: bursts of keys queued without waiting, across every game, the menu,
    the setup, the dialogs."""
    tallies, screens = key_storm.run(seed=1, events=20000, no_wait=True)
    clean(tallies)
    assert {"MenuScreen", "SetupScreen", "GameOverDialog", "ConfirmDialog"} <= set(screens)


@pytest.mark.soak
@pytest.mark.parametrize("no_wait", [False, True], ids=["pressed", "queued"])
def test_fifty_storm_under_a_memory_cap_soak(no_wait: bool) -> None:
    """Issue 29: a fifty storm once grew to 2 GB without progress. Each run is a child
    capped at 1 GB of address space (a growth fails as a crash), ended as a hang after
    3 minutes without progress."""
    clean(capped_storm.run("fifty", runs=2, events=3000, no_wait=no_wait, first_seed=1))


@pytest.mark.soak
def test_a_storm_over_its_memory_cap_fails_clearly() -> None:
    """The cap is applied to the child: one that cannot even load the app in 24 MB ends
    at once with MemoryError, told as a crash, not as a machine out of memory."""
    tally = Tally("capped storm, 24 MB")
    capped_storm.run_once(["--seed", "1", "--events", "10"], tally, 24, stall=60, limit=120)
    assert tally.crashes == 1 and tally.hangs == 0, table([tally])
    assert "ended without its tally" in tally.problems[0]
    assert "MemoryError" in tally.problems[0]
