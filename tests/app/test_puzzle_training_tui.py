"""Pilot: training from the puzzle menu (streak, storm, your mistakes, try again), the
menu's focus and arrows, and the daily puzzle's line to share copied and shown."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from app.match_session.puzzle_training import Training
from app.training.puzzle_store import keep_finished_game, open_training, review_list
from app.tui.app import EquationDuelApp
from app.tui.choices import Choices
from app.tui.puzzle_menu import PuzzleMenuScreen
from app.tui.puzzle_mode import puzzle_screen
from rules.puzzles.training import Storm, Streak
from tests.app.test_puzzle_tui import (
    NAME,
    conquest_puzzle,
    referee,
    settle,
    status,
)
from tests.app.tui_support import SIZE


async def test_the_menu_focus_arrows_streak_and_your_mistakes() -> None:
    moves = ["3", "2", "5", "8", "7", "6:2+6=8"]
    keep_finished_game(open_training(), NAME, 1, "collect", {}, moves)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PuzzleMenuScreen)
        assert isinstance(app.focused, Input)  # no name remembered yet
        await pilot.press(*NAME, "tab")
        assert app.focused is menu.query_one("#puzzle-game", Choices)
        await pilot.press("down")
        assert menu.chosen_game() == "collect"  # the arrow chose, no Enter needed
        await pilot.press("tab", "right")
        assert menu.chosen_difficulty() == "medium"
        await pilot.press("shift+tab", "k")
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.training is not None and isinstance(judge.training.run, Streak)
        assert judge.puzzle.game == "collect" and "Streak 0" in status(app.screen)
        await app.pop_screen()
        await pilot.pause()
        await pilot.press("m")  # your mistakes: the game above, searched by the solver
        await app.workers.wait_for_complete()
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.puzzle.moves == ("3", "2") and set(judge.puzzle.solution) == {"4", "6", "8"}
        assert "Your mistakes: 0 solved, 0 more" in status(app.screen)


async def test_streak_miss_storm_combo_and_the_daily_line_on_the_board() -> None:
    from app.match_session.puzzle import PuzzleReferee
    from app.tui.puzzle_mode import open_puzzle as board

    puzzle = conquest_puzzle()
    wrong = next(str(n) for n in range(1, 10) if str(n) not in puzzle.solution)
    now = [0.0]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        # a streak's puzzle missed: the streak is over, its score and the puzzle kept
        training = Training(Streak("conquest", seed=1), NAME, "conquest")
        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=training))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press(wrong)
        await settle(pilot)
        assert "Streak over: 0 solved. Your best streak: 0." in status(screen)
        assert not referee(screen).offers("next_puzzle")
        assert [p.id for p in review_list(open_training(), NAME, "failed")] == [puzzle.id]
        # a storm: a solved puzzle adds to the combo; when the time is up, no more
        storm = Training(Storm("conquest", clock=lambda: now[0], seed=1), NAME)
        storm.run.start()
        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=storm))
        await app.switch_screen(screen)
        await pilot.pause()
        assert "3:00 left" in status(screen)
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        assert "combo 1" in status(screen) and "Press n for the next puzzle" in status(screen)
        now[0] = 1.0
        screen.tick()  # the storm's clock ticks on: the solved puzzle's words stay
        assert status(screen).startswith("Solved!") and "Press n" in status(screen)
        now[0] = 200.0
        screen.tick()  # its time runs out while the solved puzzle is shown: said
        assert "Storm over: 1 solved" in status(screen)
        assert not referee(screen).offers("next_puzzle")
        # the storm's clock runs on screen while the player thinks, and its end is said
        later = [0.0]
        ticking = Training(Storm("conquest", clock=lambda: later[0], seed=1), NAME)
        ticking.run.start()
        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=ticking))
        await app.switch_screen(screen)
        await pilot.pause()
        assert "3:00 left" in status(screen)
        later[0] = 61.0
        screen.tick()
        assert "1:59 left" in status(screen)
        later[0] = 200.0
        screen.tick()
        assert "Storm over: 0 solved" in status(screen)
        # the daily puzzle solved: its line, without the answer, copied and shown
        screen = board(puzzle, NAME, daily="2026-11-26")
        await app.switch_screen(screen)
        await pilot.pause()
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        line = "Equation Duel 2026-11-26 · conquest · solved first try · 0 hints"
        assert referee(screen).share == line and app.clipboard == line
        assert f"To share (copied): {line}" in status(screen)


async def test_statistics_show_the_daily_puzzles_in_a_row_and_the_bests() -> None:
    import datetime as dt

    from textual.widgets import Static

    from app.training.puzzle_store import record_daily, record_run
    from app.tui.stats_screen import StatsScreen
    from tests.app.tui_support import text_of

    conn = open_training()
    today = dt.date.today()
    for back in (0, 1):
        record_daily(conn, NAME, today - dt.timedelta(days=back), "fifty", True, 0)
    record_run(conn, NAME, "streak", "any", 7)
    record_run(conn, NAME, "storm", "any", 12, 5)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(StatsScreen())
        await pilot.pause()
        lines = [text_of(s) for s in app.screen.query(".training-line").results(Static)]
        assert lines == [
            f"{NAME}: daily puzzle solved 2 days in a row (best 2) · best streak 7"
            " · best storm 12, today 12"
        ]


def offered(screen: object) -> list[str]:
    from widgets.keys_footer import KeysFooter

    footer = screen.query_one(KeysFooter)  # type: ignore[attr-defined]
    return [key.description for key in footer.keys if key.enabled]


@pytest.mark.parametrize("solve_first", [True, False])
async def test_the_footer_takes_the_storm_s_keys_away_when_its_time_is_up(
    solve_first: bool,
) -> None:
    """The repro: after a storm ended the footer still offered "n Next puzzle" and the
    board's keys, "1–9 Append" here (which only said the storm was over). Solved or
    thinking, once the time is up the keys go, on the next tick of the clock."""
    from app.match_session.puzzle import PuzzleReferee

    puzzle = conquest_puzzle()
    now = [0.0]
    storm = Training(Storm("conquest", clock=lambda: now[0], seed=1), NAME)
    storm.run.start()
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=storm))
        await app.push_screen(screen)
        await pilot.pause()
        if solve_first:
            await pilot.press(puzzle.solution[0])
            await settle(pilot)
            assert "Next puzzle" in offered(screen)
        else:
            assert "Append" in offered(screen)  # (conquest's 1–9)
        now[0] = 200.0
        screen.tick()
        await pilot.pause()
        await pilot.pause()
        assert "Storm over" in status(screen)
        keys = offered(screen)
        assert "Menu" in keys and set(keys) <= {"Rules", "Menu", "Retry", "Solution"}, keys
