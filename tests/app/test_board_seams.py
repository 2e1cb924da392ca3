"""The boards meet the game screen and the widgets through typed seams."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widget import Widget

from app.tui.analysis_screen import AnalysisScreen
from app.tui.boards import board_of, board_screen
from app.tui.boards.common import Board, OperatorBoard
from app.tui.game_screen import GameScreen
from rules.registry import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "app/tui/boards").glob("*.py"), *(ROOT / "widgets").glob("*.py")])


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_no_ignored_types_and_no_loose_lookups(path: Path) -> None:
    text = path.read_text("utf-8")
    assert "type: ignore" not in text
    assert "getattr(" not in text
    # a widget found by id and then used as more than a Widget is a typed query
    assert not re.search(r"query_one\(\"#[\w-]+\"\)\.(marks|update|value)\b", text)


def project_depth(cls: type, below: type) -> int:
    """How many of the project's classes (mixins too) `cls` stands on, itself included,
    above Textual's `below` (Screen or Widget)."""
    assert issubclass(cls, below)
    return sum(1 for base in cls.__mro__ if base.__module__.split(".")[0] in ("app", "widgets"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_is_a_widget_of_the_one_game_screen(game_id: str) -> None:
    board = board_of(game_id)
    assert issubclass(board, Board) and issubclass(board, Widget)
    assert board_screen(game_id).func is GameScreen
    assert board_screen(game_id).keywords == {"board": board}
    assert project_depth(board, Widget) <= 3


def test_no_screen_chain_deeper_than_three() -> None:
    for screen in (GameScreen, AnalysisScreen):
        assert project_depth(screen, Screen) <= 3


def test_the_operator_boards_share_one_operator_handler() -> None:
    for board in (board_of("fifty"), board_of("countdown")):
        assert issubclass(board, OperatorBoard)
        assert "_op_chosen" not in vars(board) and "action_op" not in vars(board)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_digit_keys_are_written_once(game_id: str) -> None:
    board = board_of(game_id)
    assert "action_digit" not in vars(board) and "action_enter" not in vars(board)
