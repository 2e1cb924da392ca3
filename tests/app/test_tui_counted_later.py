"""A finished game is counted in the statistics and kept off the interface's thread in the
full screen (app.match_session.keeping.SavedGames, background: the keep writer), before the
next frame: the game over dialog is built meanwhile. A count that fails is still said."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.widgets import Static

from app.store import ratings, stats
from app.store.finished_games import finished_dir
from app.tui.app import EquationDuelApp
from app.tui.stats_screen import StatsScreen
from tests.app.test_tui_drawn_once import settled
from tests.app.tui_support import SIZE


async def test_the_last_move_s_count_and_keeping_are_done_on_the_writer_s_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    where: list[str] = []
    record_game = ratings.record_game

    def counted(record: Any, conn: Any = None) -> bool:
        where.append(threading.current_thread().name)
        return record_game(record, conn)

    monkeypatch.setattr(ratings, "record_game", counted)
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        await settled(pilot)
        assert type(app.screen).__name__ == "GameOverDialog"
        assert len(where) == 1 and where[0].startswith("equation-duel-keep"), where
        assert any(p.name.startswith("conquest-") for p in finished_dir().iterdir())
        await app.push_screen(StatsScreen())  # the statistics opened then show the game
        summary = app.screen.query_one("#stats-summary", Static)
        assert str(summary.render()).startswith("1 finished game recorded"), summary.render()


async def test_a_count_that_fails_on_the_writer_s_thread_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing(record: Any, conn: Any = None) -> bool:
        raise stats.StatsError("cannot record the game: disk I/O error")

    monkeypatch.setattr(ratings, "record_game", failing)
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        await settled(pilot)
        assert type(app.screen).__name__ == "GameOverDialog"
        said = [(str(n.message), n.severity) for n in app._notifications]
        reason = "The statistics were not updated: cannot record the game: disk I/O error"
        assert (reason, "warning") in said, said
