"""Screens open at once (issue 28): the saved games and the statistics are read in a
thread, the screen says so meanwhile, and Enter typed before the list is there opens the newest game
once it is; the puzzles', online and class screens' own style sheets, read in the
background after the menu, change none of them; in a game between people the helper's
fork server starts once the board is drawn, so the first hint does not wait for it."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static

from app.store import ratings, storage
from app.tui import preload, read_soon, replay, stats_read, stats_screen, thinking
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.preload import read_screen_styles
from app.tui.puzzle_stats import RatingRows, RatingsPanel
from app.tui.replay import SavedGamesScreen
from tests.app.test_tui_outside_text import finished_record
from tests.app.tui_support import SIZE, game_screen, text_of, top, until


def held(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> threading.Event:
    """`module.name`, a read a screen does in a thread, waits for the event returned."""
    go_on = threading.Event()
    read = getattr(module, name)

    def held_read() -> Any:
        go_on.wait(30)
        return read()

    monkeypatch.setattr(module, name, held_read)
    return go_on


async def test_saved_games_show_at_once_and_enter_waits_for_the_list(monkeypatch) -> None:
    storage.save_game(finished_record("countdown", ("Ann", "Bo")))
    go_on = held(monkeypatch, replay, "read_listing")
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


async def own_sheet_screens(early: bool) -> list[str]:
    """The puzzles menu, the class screen and the online games, each opened from the
    menu, as drawn with every sheet read after the menu (`early`) or as each opens."""
    app = EquationDuelApp()
    shown: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if early:
            assert read_screen_styles(app)
            await pilot.pause()
        for key in ("p", "c", "o"):
            await pilot.press(key)
            await pilot.pause()
            shown.append(re.sub(r"terminal-[-0-9a-z]+", "T", app.export_screenshot()))
            app.pop_screen()
            await pilot.pause()
    return shown


async def test_the_puzzles_class_and_online_sheets_read_after_the_menu_change_no_screen() -> None:
    assert await own_sheet_screens(early=True) == await own_sheet_screens(early=False)


class Drawn(EquationDuelApp):
    """The app as in a terminal, where the screens start what they start for a player."""

    @property
    def is_headless(self) -> bool:
        return False


async def test_between_people_the_helpers_server_starts_once_the_board_is_drawn(
    monkeypatch,
) -> None:
    started: list[str] = []
    monkeypatch.setattr(thinking, "start_server", lambda: started.append("server"))
    monkeypatch.setattr(preload.gc, "freeze", lambda: None)  # (many apps in this process)
    app = Drawn("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: started == ["server"], "the server started")
        assert not game_screen(app).searches.busy  # nothing asked of it yet


async def test_the_statistics_show_at_once_and_fill_in_once_read(monkeypatch) -> None:
    ratings.record_game(finished_record("conquest", ("Ann", "Bo")))
    go_on = held(monkeypatch, stats_screen, "read_statistics")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(stats_screen.StatsScreen(read_in_thread=True))
        await pilot.pause()
        screen = top(app)
        summary = screen.query_one("#stats-summary", Static)
        assert text_of(summary) == "Reading the statistics…"
        assert not screen.query("#stats-players")
        go_on.set()

        def filled() -> bool:  # (while composed again, the summary line is not there)
            return any("recorded" in text_of(line) for line in screen.query("#stats-summary"))

        await until(pilot, filled, "the statistics read and shown")
        assert text_of(top(app).query_one("#stats-summary", Static)) == "1 finished game recorded"
        rows = screen.query_one(RatingsPanel).query_one(RatingRows).rows
        assert [label.split(":")[0] for label, _ in rows] == [
            "Ann · Equation Conquest",
            "Bo · Equation Conquest",
        ]
        assert screen.query_one("#stats-players", DataTable).row_count == 2


async def test_the_statistics_read_in_a_thread_are_drawn_as_those_read_at_once() -> None:
    """A class's ratings, taller than the screen: read later, the ratings are put in after
    the tables, and the screen is drawn as when read as the screen opens."""
    for number in range(40):
        game_id = ("conquest", "countdown", "fifty", "template", "collect")[number % 5]
        names = (f"Pupil {number % 8}", f"Pupil {(number + 3) % 8}")
        ratings.record_game(finished_record(game_id, names, seed=number))
    drawn = []
    for in_thread in (False, True):
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = stats_screen.StatsScreen(read_in_thread=in_thread)
            app.push_screen(screen)

            def filled(screen: stats_screen.StatsScreen = screen) -> bool:
                return screen.read is not None and screen.query_one(DataTable).row_count > 0

            await until(pilot, filled, "the statistics read and shown")
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()  # (the players' table scrolled to)
            assert len(screen.query_one(RatingRows).rows) > SIZE[1]
            drawn.append([line.text for line in screen._compositor.render_strips()])
    assert drawn[0] == drawn[1]


async def test_the_statistics_read_while_the_screen_mounts_are_drawn_with_it(monkeypatch) -> None:
    """Issue 37: the thread starts with the screen, and statistics read by the time the
    screen is composed are drawn with it, complete, laid out once (not drawn "Reading…"
    and then filled, laid out twice)."""
    ratings.record_game(finished_record("conquest", ("Ann", "Bo")))
    monkeypatch.setattr(stats_screen, "WAIT_FOR_READ", 30.0)  # (however loaded the machine)
    later: list[object] = []
    monkeypatch.setattr(stats_screen.StatsScreen, "_filled_later", later.append)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = stats_screen.StatsScreen(read_in_thread=True)
        app.push_screen(screen)
        await pilot.pause()
        assert text_of(screen.query_one("#stats-summary", Static)) == "1 finished game recorded"
        assert screen.query_one("#stats-players", DataTable).row_count == 2
        assert later == []


async def test_the_statistics_read_ahead_at_the_menu_open_without_a_read(monkeypatch) -> None:
    """Issue 37: read while the player reads the menu (app.tui.preload's READ_AHEAD), the
    statistics are not read again as the screen opens, unless the database changed since."""
    ratings.record_game(finished_record("conquest", ("Ann", "Bo")))
    preload._read_ahead()  # (what `settle` starts in a thread once the menu is drawn)
    reads: list[str] = []
    read = stats_screen.read_statistics

    def counted() -> stats_read.ReadStatistics:
        reads.append("read")
        return read()

    monkeypatch.setattr(stats_screen, "read_statistics", counted)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:

        async def shown() -> str:
            screen = stats_screen.StatsScreen(read_in_thread=True)
            app.push_screen(screen)
            await until(pilot, lambda: screen.read is not None, "the statistics shown")
            await pilot.pause()
            summary = text_of(screen.query_one("#stats-summary", Static))
            app.pop_screen()
            await pilot.pause()
            return summary

        assert await shown() == "1 finished game recorded"
        assert reads == []  # read ahead
        stats_read.read_ahead()
        ratings.record_game(finished_record("countdown", ("Ann", "Bo")))  # (after it)
        assert await shown() == "2 finished games recorded"
        assert reads == ["read"]
        assert await shown() == "2 finished games recorded"  # (a read ahead is taken once)
        assert reads == ["read", "read"]


async def test_saved_games_read_while_the_screen_mounts_are_shown_with_it(monkeypatch) -> None:
    """Issue 37: the read starts with the screen (app.tui.read_soon); read by the time the
    screen is composed, the list is there as it mounts, never "Reading…", and a list taller
    than the screen has its scroll bar from the start (found by a layout, the list was laid
    out and drawn again)."""
    for seed in range(12):
        storage.save_game(finished_record("countdown", ("Ann", "Bo"), seed=seed))
    monkeypatch.setattr(read_soon, "WAIT", 30.0)  # (however loaded the machine)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        laid_out: list[tuple[int, bool]] = []  # the list as each layout of the screen finds it
        layout = SavedGamesScreen._refresh_layout

        def counted(screen: SavedGamesScreen, *args: Any, **kwargs: Any) -> None:
            listing = screen.query_one("#saved-list", OptionList)
            laid_out.append((listing.option_count, listing.show_vertical_scrollbar))
            layout(screen, *args, **kwargs)

        monkeypatch.setattr(SavedGamesScreen, "_refresh_layout", counted)
        app.push_screen(SavedGamesScreen(read_in_thread=True))
        await pilot.pause()
        assert laid_out and laid_out[0][0] > 0  # (shown as it mounted: never "Reading…")
        assert laid_out[0][1]  # its scroll bar before the first layout


def test_a_read_that_fails_is_raised_where_it_is_taken() -> None:
    """A read in its thread that fails is raised on the app's thread, as a read there would
    be (said by the app, not printed over the screen by the thread)."""
    later: list[object] = []
    soon = read_soon.ReadSoon(Screen(), lambda: 1 // 0, later.append, "test-read")
    with pytest.raises(ZeroDivisionError):
        soon.take(30)
    assert later == []


def test_the_statistics_and_the_saved_games_read_what_was_handed_to_the_writer() -> None:
    """A game's count and its finished copy may still be with the keep writer (its thread)
    as the statistics or the saved games are read: the reads wait for them."""
    import time

    from app.store import keep_writer

    def slow_keep() -> None:
        time.sleep(0.3)
        ratings.record_game(finished_record("conquest", ("Ann", "Bo")))
        storage.save_game(finished_record("countdown", ("Ann", "Bo")))

    keep_writer.hand(slow_keep)
    summary = stats_read.read_statistics().summary
    assert summary is not None and summary.games == 1
    keep_writer.hand(slow_keep)
    assert len(replay.read_listing().records) == 2  # (both saves)
