"""The game screen speaks in words: the move list, the status line and the game-over
dialog show moves and endings as rules/words renders them, never in notation."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from tests.app.tui_support import SIZE, game_screen, text_of, winner_shown
from widgets.move_list import MoveList

NAMES = ("Ann", "Bob")
NOTATION = re.compile(r"@|\*|/|:(?=\S)|(?<![\w)])-\d|\bpl(?:y|ies)\b", re.IGNORECASE)

GAMES = [
    # game, options, moves that do not end it, the move list they give
    (
        "template",
        {},
        ["9@1.1", "8@2.3"],
        ["1. Ann: 9 in their first slot", "2. Bob: 8 in their third slot"],
    ),
    ("fifty", {}, ["6*7", "9-5"], ["1. Ann: 6 × 7 = 42", "2. Bob: 9 − 5 = 4"]),
    (
        "countdown",
        {},
        ["+9", "*3", "/0"],
        ["1. Ann: 0 + 9 = 9", "2. Bob: 9 × 3 = 27", "3. Ann: ✗ ÷ 0, turn lost"],
    ),
    ("collect", {}, ["5", "2"], ["1. Ann picks 5", "2. Bob picks 2"]),
    ("conquest", {}, ["4", "2"], ["1. Ann adds 4", "2. Bob adds 2"]),
]


def move_lines(app: EquationDuelApp) -> list[str]:
    """The moves listed, one line a move (a move the list wrapped is joined again)."""
    lines: list[str] = []
    for line in game_screen(app).query_one(MoveList).render_moves().plain.splitlines():
        if lines and re.match(r"\s*\d+\. ", line) is None:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return lines


@pytest.mark.parametrize(("game_id", "options", "moves", "listed"), GAMES)
async def test_move_list_and_status_are_in_words(
    game_id: str, options: dict[str, object], moves: list[str], listed: list[str]
) -> None:
    app = EquationDuelApp(game_id, options, moves=moves, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert move_lines(app) == listed
        status = text_of(game_screen(app).query_one("#status", Static))
        assert NOTATION.search(status) is None, status


@pytest.mark.parametrize(
    ("game_id", "moves", "reason"),
    [
        ("conquest", ["5", "2", "3"], "5 − 2 = 3 formed"),
        ("fifty", ["6*7", "9-5", "8*1"], "Ann reached exactly 50"),
    ],
)
async def test_game_over_speaks_with_the_names(game_id: str, moves: list[str], reason: str) -> None:
    app = EquationDuelApp(game_id, moves=moves, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        winner, said = await winner_shown(pilot)
        assert winner == "Ann wins!"
        assert said.lower() == reason.lower()
        assert NOTATION.search(said) is None
        await pilot.press("escape")
        await pilot.pause()
        status = text_of(game_screen(app).query_one("#status", Static))
        assert status == f"Ann wins: {reason}."


@pytest.mark.parametrize(
    ("game_id", "names", "moves", "listed"),
    [
        # The seats' own names whole, never "P1"/"P2" (the report's "P1 2 → P1's slot 2").
        (
            "template",
            None,
            ["2@1.2", "9@1.3"],
            ["1. Player 1: 2 in their second slot", "2. Player 2: 9 in Player 1's third slot"],
        ),
        (
            "collect",
            None,
            ["5", "2:2+5=7"],
            ["1. Player 1 picks 5", "2. Player 2 picks 2, stating ✗ 2 + 5 = 7"],
        ),
        # A name too long for the list's column by its tag, as the panels shorten it.
        (
            "fifty",
            ("Alexandra", "Bo"),
            ["6*7", "1-3"],
            ["1. Alexa…: 6 × 7 = 42", "2. Bo: 1 − 3 = −2"],
        ),
    ],
)
async def test_the_move_list_names_the_players_in_words(
    game_id: str, names: tuple[str, str] | None, moves: list[str], listed: list[str]
) -> None:
    app = EquationDuelApp(game_id, moves=moves, names=names)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert move_lines(app) == listed
        for line in listed:
            assert NOTATION.search(line) is None and re.search(r"\bP[12]\b", line) is None
