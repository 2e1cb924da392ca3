"""A campaign of random tournament steps through the command line
(tests/classroom/tournament_campaign.py): no crash, no hang, nothing entered lost. Soak set
only."""

from __future__ import annotations

import pytest

from tests.classroom.tournament_campaign import campaign

pytestmark = pytest.mark.soak


def test_random_tournament_steps_lose_nothing() -> None:
    tally = campaign(tournaments=40, seed=7, seconds=120.0)
    assert tally["tried"] > 100
    assert (tally["crashes"], tally["hangs"], tally["lost"]) == (0, 0, 0)
