"""Pilot: puzzles from the menu, solved by keys, failed by a click and retried; the
puzzle rating moves the expected way."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static

from app.match_session.puzzle import PuzzleReferee
from app.store.ratings_view import ratings_summary
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.game_screen import GameScreen, SomeGameScreen
from app.tui.puzzle_menu import PuzzleMenuScreen
from app.tui.puzzle_mode import open_puzzle as puzzle_board
from rules.puzzles.bank import puzzles_of
from rules.puzzles.model import Puzzle
from tests.app.tui_support import SIZE, choose, click_key, text_of, until
from widgets.status_line import StatusLine

NAME = "Ada"


def conquest_puzzle() -> Puzzle:
    """A conquest puzzle of the standard rules: find the number that completes."""
    found = [p for p in puzzles_of("conquest") if not p.options]
    assert found
    return found[0]


def referee(screen: Any) -> PuzzleReferee:
    """The puzzle's referee of a game screen (which is the board of the puzzle's game)."""
    judge = getattr(screen, "referee", None)
    assert isinstance(judge, PuzzleReferee)
    return judge


def status(screen: SomeGameScreen) -> str:
    """What the status line says (as one line: the widget breaks it to fit)."""
    return screen.query_one("#status", StatusLine).message


def puzzle_rating() -> int:
    lines = [r for r in ratings_summary().ratings if r.player == NAME and r.board == "puzzles"]
    return lines[0].rating if lines else 1500


async def settle(pilot: Pilot[None]) -> None:
    """Let the move's check (a helper's answer) and its end finish: on a busy machine
    the key may reach the board only now, and the end is judged after a refresh."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen: Any = pilot.app.screen
    judge = getattr(screen, "referee", None)
    if isinstance(judge, PuzzleReferee):
        await until(
            pilot,
            lambda: (
                not judge.judging
                and bool(judge.feedback or judge.result)
                and (screen.outcome is None or judge.result is not None)
            ),
            "the puzzle's move judged and its end said",
        )


async def next_position(screen: SomeGameScreen) -> None:
    """Wait until the screen shows another position (the computer's reply: its pause,
    then its worker's move)."""
    shown = asyncio.Event()
    screen.watch(screen, "state", lambda _: shown.set(), init=False)
    await asyncio.wait_for(shown.wait(), timeout=30)


async def open_puzzle(app: EquationDuelApp, puzzle: Puzzle, rated: bool = True) -> SomeGameScreen:
    screen = puzzle_board(puzzle, NAME, rated=rated)
    await app.push_screen(screen)
    return screen


async def test_menu_opens_puzzles_and_a_puzzle_by_keys() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleMenuScreen)
        await pilot.click("#puzzle-name")
        await pilot.press(*NAME)
        await choose(pilot, "#puzzle-game", "fifty")
        await choose(pilot, "#puzzle-difficulty", "medium")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        judge = referee(screen)
        assert judge.puzzle.game == "fifty" and judge.puzzle.difficulty == "medium"
        assert judge.player == NAME
        assert isinstance(screen, GameScreen)
        assert f"{NAME} to move and win" in status(screen)
        assert [text for _, text in screen.moves] == list(judge.puzzle.moves)


async def test_the_conquest_note_shows_while_conquest_is_chosen() -> None:
    from app.match_session.puzzle import CONQUEST_NOTE

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        note = app.screen.query_one("#puzzle-note", Static)
        assert not note.display
        await choose(pilot, "#puzzle-game", "conquest")
        await pilot.pause()
        assert note.display and text_of(note) == CONQUEST_NOTE
        await choose(pilot, "#puzzle-game", "fifty")
        await pilot.pause()
        assert not note.display


def test_the_puzzles_menu_imports_no_game_screen_as_it_opens() -> None:
    """Issue 37: a puzzle's board (the game screen, about 40 ms of imports) is imported in
    a thread once the menu is drawn, or when a puzzle is asked."""
    import subprocess
    import sys

    code = "import sys, app.tui.puzzle_menu; print('app.tui.game_screen' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert found.stdout.strip() == "False", found.stderr


async def test_daily_puzzle_from_the_menu() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.click("#puzzle-daily")
        await pilot.pause()
        assert referee(app.screen).daily is not None


async def test_solve_by_keys_raises_the_rating() -> None:
    puzzle = conquest_puzzle()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_puzzle(app, puzzle)
        await pilot.pause()
        assert "to move and win" in status(screen)
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        assert referee(screen).result == "solved"
        assert "Solved!" in status(screen)
        change = referee(screen).rating_change
        assert change is not None
        before, after = change
        assert after > before == 1500
        assert puzzle_rating() == after


async def test_fail_by_click_then_retry_and_solve() -> None:
    puzzle = conquest_puzzle()
    wrong = next(str(n) for n in range(1, 10) if str(n) not in puzzle.solution)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_puzzle(app, puzzle)
        await pilot.pause()
        await click_key(pilot, int(wrong), "#keypad")
        await settle(pilot)
        assert referee(screen).result == "failed"
        said = status(screen)
        assert f"Adding {wrong} to the sequence loses" in said and "answers" in said
        assert "Press r to try again" in said
        change = referee(screen).rating_change
        assert change is not None and change[1] < change[0]
        lowered = puzzle_rating()
        assert lowered < 1500
        # the refutation was played: the computer won
        assert screen.is_over and screen.outcome is not None
        assert screen.outcome.winner != puzzle.to_move
        await pilot.press("s")
        await pilot.pause()
        assert "The winning move" in status(screen)
        # the solution is played out on the analysis board, the winning move first
        shown = app.screen
        assert isinstance(shown, AnalysisScreen)
        await until(pilot, lambda: shown.line is not None, "the solution's line")
        assert shown.line is not None and shown.line_moves[0] in puzzle.solution
        assert shown.position == len(puzzle.moves) and shown.line_step == 1
        detail = text_of(shown.query_one("#analysis-detail", Static))
        assert detail.startswith(f"The solution · 1 of {len(shown.line_moves)} played"), detail
        await pilot.press("right")
        assert shown.line_step == min(2, len(shown.line_moves))
        await pilot.press("escape")  # back to the puzzle
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("r")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, GameScreen) and again is not screen
        assert referee(again).puzzle == puzzle and not referee(again).rated
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        assert referee(again).result == "solved"
        assert referee(again).rating_change is None  # a retry is not rated
        assert puzzle_rating() == lowered


async def test_a_longer_puzzle_is_solved_move_by_move() -> None:
    found = [p for p in puzzles_of("template") if p.figures.plies >= 3]
    puzzle = found[0]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_puzzle(app, puzzle, rated=False)
        await pilot.pause()
        from rules.analysis import hint

        for _ in range(10):
            if screen.is_over:
                break
            if screen.to_move == puzzle.to_move:
                best = hint("template", screen.state).move
                assert best is not None
                assert screen.play(screen.game.parse_move(best))
                await settle(pilot)
                if not screen.is_over and screen.to_move != puzzle.to_move:
                    assert "Right:" in status(screen) or "thinking" in status(screen)
            else:
                await next_position(screen)  # the computer's reply
        await pilot.pause()
        assert referee(screen).result == "solved"


async def test_name_field_takes_the_letter_d() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.click("#puzzle-name")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleMenuScreen)
        assert app.screen.query_one("#puzzle-name", Input).value == "d"


async def test_the_solution_judges_the_players_move_never_the_set_up() -> None:
    """`s` after a miss: the analysis judges the move played from the puzzle's position
    (what was played, that it threw the win away, the winning moves), lists the moves
    that set the puzzle up without judging them; after a solve, it says it was solved."""
    puzzle = conquest_puzzle()
    given = len(puzzle.moves)
    wrong = next(str(n) for n in range(1, 10) if str(n) not in puzzle.solution)
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(app, puzzle, rated=False)
        await pilot.pause()
        await pilot.press(wrong)
        await settle(pilot)
        await pilot.press("s")
        shown = app.screen
        assert isinstance(shown, AnalysisScreen)
        await until(pilot, lambda: shown.analysis is not None, "the player's move judged")
        summary = text_of(shown.query_one("#analysis-summary", Static))
        assert summary.startswith(f"The puzzle: {NAME} to move and win after move {given}")
        said = f"Not solved: Move {given + 1}, {NAME} played {wrong} and threw the win away"
        assert said in summary, summary
        assert all(f"kept the win: {m}" in summary or f" {m}" in summary for m in puzzle.solution)
        assert "With best play from the start" not in summary
        assert shown.analysis is not None and shown.analysis.first_mistake == given
        assert all(m.index >= given for m in shown.analysis.moves)
        rows = [str(o.prompt) for o in shown.query_one("#analysis-moves").options]
        assert all("set-up" in row for row in rows[1 : given + 1]), rows
        assert any("CPU" in row for row in rows) and "Compu…" not in "".join(rows), rows
        assert not any("mistake" in row for row in rows[: given + 1]), rows
        await pilot.press("home", *["right"] * given)  # the puzzle's position
        await pilot.pause()
        detail = text_of(shown.query_one("#analysis-detail", Static))
        assert "Part of the puzzle's set-up: not judged." in detail
        assert f"The puzzle: {NAME} to move and win." in detail and "Winning moves:" in detail
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("r")
        await pilot.pause()
        again = app.screen
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        assert referee(again).result == "solved"
        await pilot.press("s")
        solved = app.screen
        assert isinstance(solved, AnalysisScreen)
        await until(pilot, lambda: solved.analysis is not None, "the solving move judged")
        summary = text_of(solved.query_one("#analysis-summary", Static))
        assert f"Solved: {NAME} played {puzzle.solution[0]} and won" in summary, summary
