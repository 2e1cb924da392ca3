"""The hub's judges' thread forgets the solver's tables once it has nothing left to judge:
the hub lives a whole session (issue 37: no process above 120 MB)."""

from __future__ import annotations

import asyncio

from app.hub.live_judge import judging
from rules.fifty import GAME, FiftyOptions
from rules.solver import core


async def test_the_tables_are_emptied_when_the_last_judgement_is_done() -> None:
    core.clear_cache()
    state = GAME.new(FiftyOptions(pool=(1, 9)))
    moves = GAME.legal_moves(state)[:6]
    burst = [judging(core.move_values, "fifty", GAME.play(state, move)) for move in moves]
    values = await asyncio.gather(*burst)
    assert all(values)
    assert not core._ENGINES
    # (and the answers are the solver's, judged again with empty tables)
    assert await judging(core.move_values, "fifty", GAME.play(state, moves[0])) == values[0]
