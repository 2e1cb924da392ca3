"""However the full screen ends, the game in progress is kept (issue 29).

The installed app in a real pseudo-terminal (tests/e2e/test_terminal.py), mid-game, is
ended by SIGTERM here; the soak set runs the whole campaign (tests/campaigns/
signal_ending.py): the terminal closed (SIGHUP), SIGTERM, SIGINT and SIGKILL, then the
next start offering every game kept.
"""

from __future__ import annotations

import pytest

from app.store.data_folder import data_dir
from tests.campaigns import Tally, signal_ending, table


def test_sigterm_mid_game_ends_cleanly_and_keeps_the_game() -> None:
    tally = Tally("SIGTERM", labels=("hangs", "kept"))
    signal_ending.end_once("SIGTERM", ["4", "7"], data_dir(), tally)
    print(table([tally]))
    assert (tally.tried, tally.crashes, tally.losses, tally.refused, tally.loaded) == (
        1,
        0,
        0,
        0,
        1,
    ), table([tally])


@pytest.mark.soak
def test_every_ending_keeps_the_game_soak() -> None:
    tallies = signal_ending.run(seed=1, count=40)
    print(table(tallies))
    for tally in tallies:
        assert tally.tried > 0, tally.what
        assert tally.crashes == tally.losses == 0, table([tally])
        assert tally.labels[0] != "hangs" or tally.refused == 0, table([tally])
