""" "Your mistakes": a finished game lost to the computer is searched for the person's
mistakes, in the line mode (`puzzle --review`) and the full screen (`p`, `m`). A single
game's record lists its one round (`record.rounds`), which once left every game out."""

from __future__ import annotations

from app.store.ratings import record_game
from app.tui.app import EquationDuelApp
from rules.records import players_of, record_from_moves
from tests.app.test_cli import run
from tests.app.test_puzzle_tui import referee, status
from tests.app.tui_support import SIZE

#: Conquest against the perfect computer: Ann's 2 after 1, 9 threw the win away (8 or 9
#: completed the sequence), and the computer formed 9 − 2 = 7.
LOST = ["1", "9", "2", "7"]


def lost_to_the_computer() -> None:
    players = players_of(("Ann", "Computer (perfect)"), ("human", "perfect"))
    record = record_from_moves("conquest", None, LOST, players)
    assert record.rounds and record.result is not None and record.result.winner == 2
    assert record_game(record)


def test_a_game_lost_to_the_perfect_computer_gives_a_mistake_to_review() -> None:
    lost_to_the_computer()  # counted as every finished game is (app.store.ratings.record_game)
    review = run("puzzle", "--review", "--player", "Ann", stdin="quit\n")
    assert "1 new mistake found in your games." in review.stdout
    assert "Your mistakes: 1 to solve." in review.stdout
    assert "Numbers so far: 1, 9." in review.stdout


async def test_your_mistakes_in_the_full_screen_after_a_lost_game() -> None:
    lost_to_the_computer()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press(*"Ann", "tab", "m")
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.puzzle.moves == ("1", "9") and "Your mistakes" in status(app.screen)
