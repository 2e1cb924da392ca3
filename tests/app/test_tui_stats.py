"""The statistics screen: counts after finished games, head to head, against the computer,
and an empty or unreadable database."""

from __future__ import annotations

import sqlite3

import pytest
from textual.widgets import DataTable, Static

from app.store import ratings, stats
from app.tui import stats_screen
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.puzzle_stats import RatingRows
from app.tui.stats_screen import PAGE, StatsScreen
from rules.records import players_of, record_from_moves
from tests.app.test_tui_drawn_once import drawn
from tests.app.test_tui_menu_screens_drawn import opened_by
from tests.app.test_tui_outside_text import finished_record
from tests.app.tui_support import SIZE, click_link, text_of, top, winner_shown

__all__ = ["drawn"]  # (the fixture, used by name)

NAMES = ("Ann", "Bob")


def rows(screen: StatsScreen, table_id: str) -> list[list[str]]:
    table = screen.query_one(f"#{table_id}", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_stats_screen_counts_two_finished_games() -> None:
    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")  # Ann starts and wins
        await winner_shown(pilot)
        await pilot.press("r", "5", "2", "3")  # the rematch: Bob starts and wins
        winner, _ = await winner_shown(pilot)
        assert winner == "Bob wins!"
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
        await pilot.press("s")
        screen = top(app)
        assert isinstance(screen, StatsScreen)
        summary = text_of(screen.query_one("#stats-summary", Static))
        assert summary == "2 finished games recorded"
        assert rows(screen, "stats-players") == [
            ["Ann", "Equation Conquest", "2", "1", "1", "50%", "L1"],
            ["Bob", "Equation Conquest", "2", "1", "1", "50%", "W1"],
        ]
        assert rows(screen, "stats-h2h") == [["Ann vs Bob", "Equation Conquest", "2", "1–1"]]
        assert not screen.query("#stats-cpu")  # (no game against the computer: no table)
        await pilot.press("escape")
        assert isinstance(top(app), MenuScreen)


async def test_stats_against_the_computer_by_click() -> None:
    for moves in (["5", "2", "3"], ["5", "1", "4"]):
        players = players_of(("Ann", "Computer"), ("human", "easy"))
        ratings.record_game(record_from_moves("conquest", None, moves, players))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await click_link(pilot, "statistics")
        screen = top(app)
        assert isinstance(screen, StatsScreen)
        assert rows(screen, "stats-cpu") == [
            ["Ann", "Equation Conquest", "easy", "2", "2", "0", "100%"],
        ]


async def test_stats_screen_without_games_and_with_a_newer_database() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        summary = text_of(top(app).query_one("#stats-summary", Static))
        assert summary.startswith("No games recorded yet")
    stats.connect().close()
    with sqlite3.connect(stats.stats_path()) as db:
        db.execute("UPDATE schema_version SET version = 99")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        summary = text_of(top(app).query_one("#stats-summary", Static))
        assert summary.startswith("The statistics cannot be read")


async def test_a_class_s_many_rows_come_a_page_at_a_time_and_all_can_be_reached() -> None:
    # Issue 37: a class's 2,000 games make about 1,500 rows, and the table measured every
    # one before the screen went quiet. It now takes a page, and the next as it scrolls.
    pupils = [f"Pupil {n}" for n in range(12)]
    pairs = [(a, b) for i, a in enumerate(pupils) for b in pupils[i + 1 :]]
    assert len(pairs) > PAGE
    for pair in pairs:
        ratings.record_game(
            record_from_moves("conquest", None, ["5", "2", "3"], players_of(pair, ("human",) * 2))
        )
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = top(app)
        h2h = screen.query_one("#stats-h2h", DataTable)
        assert h2h.row_count == PAGE
        h2h.focus()
        await pilot.press(*["down"] * (PAGE + 2))  # the arrows bring the next page too
        assert h2h.cursor_row == PAGE + 2 and h2h.row_count > PAGE + 2
        for _ in range(len(pairs) // 8):  # scrolling down brings the next page before its end
            await pilot.press("pagedown")
        assert h2h.row_count == len(pairs)
        met = {frozenset(row[0].split(" vs ")) for row in rows(screen, "stats-h2h")}
        assert met == {frozenset(pair) for pair in pairs}
        await pilot.press("escape", "s")  # again: ctrl+end goes to the last row at once
        h2h = top(app).query_one("#stats-h2h", DataTable)
        h2h.focus()
        await pilot.press("ctrl+end")
        assert h2h.row_count == len(pairs) and h2h.cursor_row == len(pairs) - 1


async def test_a_class_s_statistics_open_on_the_players_table_focused_and_drawn_once(
    monkeypatch,
) -> None:
    # Issue 37: a class's ratings (a line per pupil and game) came first and the body was
    # scrolled to the players' table after the first frame; the body, focused first by
    # Textual and then left, restyled every table twice; and the table's focus, set by a
    # message, drew the first frame again. The tables now come first (as `stats` prints
    # them), the ratings after them, and the table is focused as the screen mounts; its
    # rows are measured and the scroll bars shown before the first layout, which Textual
    # did only after it (and laid the screen out again).
    for number in range(40):
        game_id = ("conquest", "countdown", "fifty", "template", "collect")[number % 5]
        names = (f"Pupil {number % 8}", f"Pupil {(number + 3) % 8}")
        ratings.record_game(finished_record(game_id, names, seed=number))
    as_filled: list[tuple[bool, int, bool, bool]] = []
    fill = StatsScreen._fill

    def filled(screen: StatsScreen, read: stats_screen.ReadStatistics) -> None:
        fill(screen, read)
        players = screen.query_one("#stats-players", DataTable)
        scrolls = screen.query_one("#stats-body").show_vertical_scrollbar
        as_filled.append(
            (
                players.has_focus,
                players.virtual_size.height,
                players.show_vertical_scrollbar,
                scrolls,
            )
        )

    monkeypatch.setattr(StatsScreen, "_fill", filled)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = top(app)
        assert isinstance(screen, StatsScreen)
        assert as_filled == [(True, PAGE + 1, True, True)]  # (the header, and a page of rows)
        assert screen.focused is screen.query_one("#stats-players", DataTable)
        body = screen.query_one("#stats-body")
        assert body.scroll_y == 0 and body.max_scroll_y > 0  # (the ratings below)
        assert len(screen.query_one(RatingRows).rows) > SIZE[1]
        shown = [line.text for line in screen._compositor.render_strips()]
        assert shown[3].strip() == "Players" and "Pupil 0" in shown[6]


@pytest.mark.parametrize(
    ("height", "surname", "scrolls"),
    [(24, "", True), (28, "", True), (30, "", False), (30, " Wolfeschlegel-Featherstone", True)],
)
async def test_the_body_s_scroll_bar_is_shown_before_the_first_layout_when_it_scrolls(
    drawn: list[str], height: int, surname: str, scrolls: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three games: two tables and the ratings, 27 lines, more than the body has room for
    at 80×24 and at 80×28 (the ratings' heading counted: the screen's own count left it
    out), not at 80×30, unless the names are long: each table is then wider than the
    screen, and its scroll bar across takes a line. The body's scroll bar is there before
    the first layout where it scrolls, and only there: the screen is laid out once (a bar
    found by a layout lays it out again; the tables' own bars across still are)."""
    for number, game_id in enumerate(("conquest", "countdown", "fifty")):
        names = (f"Pupil {number}{surname}", f"Pupil {number + 3}")
        ratings.record_game(finished_record(game_id, names, seed=number))
    as_filled: list[bool] = []
    fill = StatsScreen._fill

    def filled(screen: StatsScreen, read: stats_screen.ReadStatistics) -> None:
        fill(screen, read)
        as_filled.append(screen.query_one("#stats-body").show_vertical_scrollbar)

    monkeypatch.setattr(StatsScreen, "_fill", filled)
    app = EquationDuelApp()
    async with app.run_test(size=(80, height)) as pilot:
        await opened_by(pilot, drawn, "s")
        body = top(app).query_one("#stats-body")
        assert as_filled == [scrolls] and (body.max_scroll_y > 0) == scrolls
        layouts = [step for step in drawn if step.startswith("layout")]
        assert layouts == ["layout StatsScreen"] or surname


async def test_each_rating_s_words_are_whole_and_a_space_before_its_history() -> None:
    """At 80×24 a rating's words took 40 columns at most, cut at a word ("Pupil 0 ·
    Collect & Declare: 1516 (1") and run into the bars when exactly 40 long. They take
    the room the bars leave (10 bars at least); longer ones end with an ellipsis."""
    long = "[b]Alexandrina[/b] Wolfeschlegel"  # (a name's most: 32)
    for number, pair in enumerate((("Pupil 0", "Pupil 3"), (long, "Bo"))):
        ratings.record_game(finished_record("collect", pair, seed=number))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        shown = top(app).query_one(RatingRows)
        lines = {shown.rows[y][0]: shown.render_line(y).text for y in range(len(shown.rows))}
        whole = next(label for label in lines if label.startswith("Pupil 0 · Collect"))
        assert whole.endswith("(1 rated)") and lines[whole].startswith(f"{whole} ")
        cut = next(label for label in lines if label.startswith(long))
        words = shown.size.width - 1 - RatingRows.FEWEST_BARS
        assert lines[cut][:words] == f"{cut[: words - 1]}…" and lines[cut][words] == " "
        assert all(line.rstrip()[-10:].strip("▁▂▃▄▅▆▇█") == "" for line in lines.values())


async def test_without_games_the_ratings_scroll_bar_is_there_before_the_first_layout(
    drawn: list[str],
) -> None:
    """No game counted, but a class's puzzle ratings, taller than the screen: the body's
    scroll bar is shown before the first layout, as with games (laid out once)."""
    from app.store.ratings import record_puzzle
    from app.store.ratings_db import open_ratings
    from rules.puzzles.bank import puzzles_of

    conn = open_ratings()
    try:
        for pupil in range(12):
            record_puzzle(conn, f"Pupil {pupil}", puzzles_of("fifty")[0], solved=True, rated=True)
    finally:
        conn.close()
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened_by(pilot, drawn, "s")
        body = top(app).query_one("#stats-body")
        assert text_of(top(app).query_one("#stats-summary", Static)).startswith("No games")
        assert body.show_vertical_scrollbar and body.max_scroll_y > 0
        assert [step for step in drawn if step.startswith("layout")] == ["layout StatsScreen"]
