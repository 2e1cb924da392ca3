"""A computer is never the same player as a person, whatever its seat was called
(RULINGS.md, "Names online and in a class"): the line mode, the full screen's setup, the
statistics (rows kept before the fix too), the ratings and the teacher's report."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Input

from app.classroom.report.gather import gather
from app.plain.stats_words import games_sentences
from app.store.finished_games import list_games
from app.store.ratings import record_game
from app.store.ratings_view import EMPTY, ratings_summary
from app.store.stats import summary
from app.store.stats_text import format_summary
from app.tui.app import EquationDuelApp
from app.tui.setup import SetupScreen
from rules.records import Kind, players_of, record_from_moves
from tests.app.test_cli import run
from tests.app.tui_support import SIZE, choose, top

#: Conquest: Ann forms 2 + 3 = 5 on her second move.
ANN_WINS = ["2", "3", "5"]


def test_the_line_mode_names_the_computer_by_its_level_not_bo() -> None:
    assert run("play", "conquest", "--plain", "--p1-name", "Ann", "--p2-name", "Bo",
               stdin="2\n3\n5\n").returncode == 0  # fmt: skip
    answers = "".join(f"{n}\n" for n in "123456789" * 2)
    against = run(
        "play", "conquest", "--plain", "--p1-name", "Ann", "--p2-name", "Bo", "--p2", "perfect",
        stdin=answers,
    )  # fmt: skip
    assert against.returncode == 0
    said = against.stdout  # (the perfect computer's moves vary: whoever wins, it is not Bo)
    assert "Computer (perfect): Add " in said and "Bo:" not in said and "Bo wins" not in said
    stats = summary()
    played = {p.name: p.played for p in stats.players}
    assert played == {"Ann": 2, "Bo": 1, "Computer (perfect)": 1}
    assert stats.computers == ("Computer (perfect)",)
    people = {(h.first, h.second): h.played for h in stats.head_to_head}
    assert people[("Ann", "Bo")] == 1
    kept = [k.record for k in list_games() if k.record is not None]
    assert {r.players[1].name for r in kept} == {"Bo", "Computer (perfect)"}


async def test_the_setup_screen_names_the_computer_by_its_level_not_bo() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-2", Input).value = "Bo"  # typed for a person...
        await choose(pilot, "#seat-2", "easy")  # ...then the easy computer picked
        await pilot.pause()
        second = setup.seats()[1]
        assert (second.name, second.kind, second.level) == ("Computer (easy)", "computer", "easy")


def _game(second: str, kind: Kind, minute: int) -> None:
    moves = ANN_WINS if minute % 2 else ["5", "6", "2", "3"]  # odd: Ann wins; even: the other
    record = record_from_moves(
        "conquest", None, moves, players_of(("Ann", second), ("human", kind))
    )
    assert record_game(record)


@pytest.mark.parametrize("first", ["person", "computer"])
def test_rows_kept_before_the_fix_keep_the_computer_apart_from_the_person(first: str) -> None:
    # A computer seat saved as "Bo" (before computers were always named by level)...
    games: list[tuple[str, Kind]] = [("Bo", "medium"), ("Bo", "medium"), ("Bo", "human")]
    for minute, (name, kind) in enumerate(games if first == "computer" else games[::-1]):
        _game(name, kind, minute)
    stats = summary()
    by_name = {p.name: p for p in stats.players}
    assert by_name["Bo"].played == 1  # the person Bo: one game
    assert by_name["Computer (medium)"].played == 2
    assert stats.computers == ("Computer (medium)",)
    assert {(h.first, h.second): h.played for h in stats.head_to_head}[("Ann", "Bo")] == 1
    text = format_summary(stats)
    computer_table = text.split("Computer players")[1].split("Head to head")[0]
    assert "Bo" not in computer_table and "Computer (medium)" in computer_table
    assert re.search(r"Ann vs Bo +conquest +1 ", text)
    said = games_sentences(stats, EMPTY)
    assert any(line.startswith("Bo: 1 game of conquest") for line in said)
    # the ratings: the person Bo was rated once (the computer's games moved only Ann's)
    rated = {(r.player, r.board): r.changes for r in ratings_summary().ratings}
    assert rated == {("Ann", "conquest"): 3, ("Bo", "conquest"): 1}
    # the teacher's report: Bo played one game (the person's), not three
    (bo,) = [p for p in gather("Bo").players]
    assert bo.games["conquest"].played == 1
