"""Pilot: training from the puzzle menu (streak, storm, your mistakes, try again), the
menu's focus and arrows, and the daily puzzle's line to share copied and shown."""

from __future__ import annotations

from textual.widgets import Input, RadioSet

from app.match_session.puzzle_training import Training
from app.puzzle_store import keep_finished_game, open_training, review_list
from app.tui.app import EquationDuelApp
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


async def test_focus_starts_on_the_name_and_arrows_choose() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PuzzleMenuScreen)
        assert isinstance(app.focused, Input)  # no name remembered yet
        await pilot.press("tab")
        assert app.focused is menu.query_one("#puzzle-game", RadioSet)
        await pilot.press("down")
        assert menu.chosen_game() == "collect"  # the arrow chose, no Enter needed
        await pilot.press("tab", "right")
        assert menu.chosen_difficulty() == "medium"


async def test_streak_from_the_menu_and_a_miss_ends_it_and_is_kept() -> None:
    puzzle = conquest_puzzle()
    wrong = next(str(n) for n in range(1, 10) if str(n) not in puzzle.solution)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press(*NAME, "tab", "k")
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.training is not None and isinstance(judge.training.run, Streak)
        assert "Streak 0" in status(app.screen)
        await app.pop_screen()
        # a streak's puzzle missed: the streak is over, its score and the puzzle kept
        training = Training(Streak("conquest", seed=1), NAME, "conquest")
        from app.match_session.puzzle import PuzzleReferee

        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=training))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press(wrong)
        await settle(pilot)
        assert "Streak over: 0 solved. Your best streak: 0." in status(screen)
        assert not referee(screen).offers("next_puzzle")
        assert [p.id for p in review_list(open_training(), NAME, "failed")] == [puzzle.id]


async def test_a_storm_solved_puzzle_adds_to_the_combo() -> None:
    puzzle = conquest_puzzle()
    now = [0.0]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        training = Training(Storm("conquest", clock=lambda: now[0], seed=1), NAME)
        from app.match_session.puzzle import PuzzleReferee

        training.run.start()
        screen = puzzle_screen(PuzzleReferee(puzzle, NAME, training=training))
        await app.push_screen(screen)
        await pilot.pause()
        assert "3:00 left" in status(screen)
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        assert "combo 1" in status(screen) and "Press n for the next puzzle" in status(screen)
        now[0] = 200.0  # the time is up: n gives no more puzzles, the result is kept
        judge = referee(screen)
        assert not judge.offers("next_puzzle")
        assert "Storm over: 1 solved" in training.ending()


async def test_your_mistakes_from_the_menu() -> None:
    keep_finished_game(
        open_training(), NAME, 1, "collect", {}, ["3", "2", "5", "8", "7", "6:2+6=8"]
    )
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press(*NAME, "tab", "m")
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.puzzle.moves == ("3", "2") and set(judge.puzzle.solution) == {"4", "6", "8"}
        assert "Your mistakes: 0 solved, 0 more" in status(app.screen)


async def test_the_daily_result_is_copied_and_shown() -> None:
    puzzle = conquest_puzzle()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        from app.tui.puzzle_mode import open_puzzle as board

        screen = board(puzzle, NAME, daily="2026-11-26")
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        line = "Equation Duel 2026-11-26 · conquest · solved first try · 0 hints"
        assert referee(screen).share == line
        assert app.clipboard == line
        assert f"To share (copied): {line}" in status(screen)
