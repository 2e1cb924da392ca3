"""The hub's judges' thread forgets the solver's tables once it has nothing left to judge:
the hub lives a whole session (issue 37: no process above 120 MB)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from app.hub import live_judge
from app.hub.live_judge import judging
from rules.fifty import GAME, FiftyOptions
from rules.solver import core


async def test_the_tables_are_emptied_when_the_last_judgement_is_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judged: list[str] = []
    emptied: list[int] = []  # (how many were judged when the tables were emptied)

    def judge(move: str) -> dict[str, tuple[int, int]]:
        judged.append(move)
        return core.move_values("fifty", GAME.play(state, GAME.parse_move(move)))

    def clear_cache() -> None:
        emptied.append(len(judged))
        core.clear_cache()

    monkeypatch.setattr(live_judge, "clear_cache", clear_cache)
    state = GAME.new(FiftyOptions(pool=(1, 9)))
    moves = [GAME.format_move(move) for move in GAME.legal_moves(state)[:6]]
    values = await asyncio.gather(*(judging(judge, move) for move in moves))
    assert all(values) and emptied and emptied[-1] == len(moves)
    # (and the answers are the solver's, judged again with empty tables)
    assert await judging(judge, moves[0]) == values[0]
    assert emptied[-1] == len(moves) + 1


async def test_work_cancelled_before_it_ran_is_not_waited_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (a hub stopped with judgements queued: the tables are still emptied after the next)
    emptied: list[bool] = []
    monkeypatch.setattr(live_judge, "clear_cache", lambda: emptied.append(True))
    release = threading.Event()
    blocking = asyncio.ensure_future(judging(release.wait, 5.0))
    queued = asyncio.ensure_future(judging(len, "never judged"))
    await asyncio.sleep(0.05)
    queued.cancel()
    release.set()
    assert await blocking is True
    emptied.clear()
    assert await judging(len, "judged") == 6
    assert emptied == [True]
