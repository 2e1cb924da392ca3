"""The full screen's challenge form sends its options as the flags of `play`
(`challenge_flags`): the hub reads back exactly the match the form chose, for every
variant the rules list, with a match length and a clock."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.hub.challenge import challenge_flags, read_challenge
from app.match_session.setup import MATCH_FIELDS
from rules.games import VARIANTS
from rules.match import new_match

CASES = [(game_id, name) for game_id, variants in VARIANTS.items() for name in variants]


@pytest.mark.parametrize(("game_id", "variant"), CASES)
@given(best_of=st.sampled_from([1, 3, 5]), seconds=st.sampled_from([None, 10, 45]))
def test_the_flags_read_back_as_the_match_chosen(
    game_id: str, variant: str, best_of: int, seconds: int | None
) -> None:
    options = VARIANTS[game_id][variant]
    own_rounds, own_seconds = (getattr(options, name, None) for name in MATCH_FIELDS)
    if own_rounds not in (None, 1):
        best_of = 2 * own_rounds - 1
    chosen = new_match(game_id, options, best_of, own_seconds or seconds)
    flags = challenge_flags(chosen)
    assert read_challenge(game_id, flags) == chosen
    assert all(len(flag) <= 100 for flag in flags) and len(flags) <= 16
