""" "Your mistakes": a finished game lost to the computer is searched for the person's
mistakes, in the line mode (`puzzle --review`) and the full screen (`p`, `m`). A single
game's record lists its one round (`record.rounds`), which once left every game out."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from textual.widgets import Static

from app.store.ratings import record_game
from app.training import puzzle_store
from app.tui.app import EquationDuelApp
from app.tui.puzzle_menu import PuzzleMenuScreen
from rules.records import players_of, record_from_moves
from rules.registry import GAME_IDS
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
        await app.workers.wait_for_complete()  # (the search runs off the screen's thread)
        await pilot.pause()
        judge = referee(app.screen)
        assert judge.puzzle.moves == ("1", "9") and "Your mistakes" in status(app.screen)


class HeldSearch:
    """`search_mistakes` held back until the test lets it go (the pattern of
    tests/app/search_hooks.py, on a thread of this process): counts the searches."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.let_go = threading.Event()
        self.searches = 0
        self.real = puzzle_store.search_mistakes

    def __call__(self, *args: Any) -> int:
        self.searches += 1
        self.started.set()
        self.let_go.wait(10)  # (bounded: a test that forgets to let go still ends)
        return self.real(*args)


async def test_the_screen_answers_keys_while_it_looks_for_your_mistakes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lost_to_the_computer()
    hold = HeldSearch()
    monkeypatch.setattr(puzzle_store, "search_mistakes", hold)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PuzzleMenuScreen)
        await pilot.press(*"Ann", "tab", "m")
        assert await asyncio.to_thread(hold.started.wait, 30)
        await pilot.pause()
        looking = menu.query_one("#puzzle-looking", Static)
        assert looking.display and "Looking for your mistakes in 1 game…" in str(looking.content)
        await pilot.press("down", "m")  # the keys work meanwhile; m again: the same search
        await pilot.pause()
        assert app.screen is menu and menu.chosen_game() == GAME_IDS[0]
        hold.let_go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert hold.searches == 1 and not looking.display
        judge = referee(app.screen)
        assert judge.puzzle.moves == ("1", "9") and "Your mistakes" in status(app.screen)
