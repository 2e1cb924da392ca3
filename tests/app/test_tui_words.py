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
    ("template", {}, ["9@1.1", "8@2.3"], ["1. Ann 9 → Ann's slot 1", "2. Bob 8 → Bob's slot 3"]),
    ("fifty", {}, ["6*7", "9-5"], ["1. Ann 6 × 7 = 42", "2. Bob 9 − 5 = 4"]),
    (
        "countdown",
        {},
        ["+9", "*3", "/0"],
        ["1. Ann 0 + 9 = 9", "2. Bob 9 × 3 = 27", "3. Ann ✗ ÷ 0, turn lost"],
    ),
    ("collect", {}, ["5", "2"], ["1. Ann pick 5", "2. Bob pick 2"]),
    ("conquest", {}, ["4", "2"], ["1. Ann 4", "2. Bob 2"]),
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
