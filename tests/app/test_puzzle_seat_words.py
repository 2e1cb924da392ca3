"""A puzzle's solver without a name is called by the seat they sit in: in a puzzle where
the second player is to move, the board, the task and the verdicts say "Player 2" for
the solver and "Computer" for the other seat, in the full screen and the line mode."""

from __future__ import annotations

from io import StringIO

from app.match_session.puzzle import PuzzleReferee, puzzle_setup
from app.plain.base import Console
from app.plain.puzzles import one_try, puzzle_text
from app.tui.app import EquationDuelApp
from app.tui.puzzle_mode import open_puzzle
from rules.puzzles.bank import puzzles_of
from rules.puzzles.model import Puzzle
from tests.app.test_puzzle_tui import referee, settle, status
from tests.app.tui_support import SIZE

#: The name an unnamed solver is given by the puzzle menus (not rated).
UNNAMED = "Player 1"


def seat_two_puzzle() -> Puzzle:
    """A conquest puzzle of the standard rules with the second player to move."""
    return next(p for p in puzzles_of("conquest") if not p.options and p.to_move == 2)


def a_losing_move(puzzle: Puzzle) -> str:
    return next(str(n) for n in range(1, 10) if str(n) not in puzzle.solution)


def test_the_seats_are_named_by_seat_or_by_name() -> None:
    puzzle = seat_two_puzzle()
    assert puzzle_setup(puzzle, UNNAMED).names == ("Computer", "Player 2")
    assert puzzle_setup(puzzle, "Ada").names == ("Computer", "Ada")


async def test_the_full_screen_says_player_2_for_a_solver_in_seat_2() -> None:
    puzzle = seat_two_puzzle()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = open_puzzle(puzzle, UNNAMED, rated=False)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.setup.names == ("Computer", "Player 2")
        assert "Player 2 to move and win." in status(screen)
        await pilot.press(a_losing_move(puzzle))
        await settle(pilot)
        said = status(screen)
        assert referee(screen).result == "failed"
        assert "Computer answers" in said and "Player 1" not in said, said
        await pilot.press("r")
        await pilot.pause()
        again = app.screen
        assert "Player 2 to move and win." in status(again)  # type: ignore[arg-type]
        await pilot.press(puzzle.solution[0])
        await settle(pilot)
        said = status(again)  # type: ignore[arg-type]
        assert referee(again).result == "solved"
        assert said.startswith("Solved! ") and "Player 1" not in said, said


def test_the_line_mode_says_player_2_for_a_solver_in_seat_2() -> None:
    puzzle = seat_two_puzzle()
    assert puzzle_text(puzzle)[-1] == "Player 2 to move and win."
    out = StringIO()
    console = Console(StringIO(a_losing_move(puzzle) + "\n"), out)
    assert one_try(console, PuzzleReferee(puzzle, UNNAMED, rated=False)) is False
    said = out.getvalue()
    assert "Player 2 to move and win." in said
    assert "Player 1 answers" in said  # the computer, in seat 1
