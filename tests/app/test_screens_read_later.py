"""Screens that read files show first and fill in once read (issue 28): the saved games
are read and checked in a thread, the screen says so meanwhile, and Enter typed before
the list is there opens the newest game once it is."""

from __future__ import annotations

import threading

from textual.widgets import OptionList, Static

from app import storage
from app.tui import replay
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.replay import SavedGamesScreen
from tests.app.test_tui_outside_text import finished_record
from tests.app.tui_support import SIZE, text_of, top, until


async def test_saved_games_show_at_once_and_enter_waits_for_the_list(monkeypatch) -> None:
    storage.save_game(finished_record("countdown", ("Ann", "Bo")))
    go_on = threading.Event()
    read = replay.read_listing

    def held_listing() -> replay.Listing:
        go_on.wait(30)
        return read()

    monkeypatch.setattr(replay, "read_listing", held_listing)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SavedGamesScreen(read_in_thread=True))
        await pilot.pause()
        screen = top(app)
        assert text_of(screen.query_one("#saved-empty", Static)) == "Reading the saved games…"
        assert not screen.query_one("#saved-list", OptionList).display
        await pilot.press("enter")  # before the list is read
        await pilot.pause()
        assert top(app) is screen
        go_on.set()
        await until(pilot, lambda: isinstance(top(app), AnalysisScreen), "the newest game opened")
        assert "Countdown Duel" in str(
            screen.query_one("#saved-list", OptionList).get_option_at_index(0).prompt
        )
