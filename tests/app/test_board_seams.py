"""The boards meet the game screen and the widgets through typed seams."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.tui.app import board_screen
from app.tui.boards.common import KeypadBoard, OperatorBoard
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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_is_a_game_screen(game_id: str) -> None:
    assert issubclass(board_screen(game_id), GameScreen)


def test_the_operator_boards_share_one_operator_handler() -> None:
    fifty, countdown = board_screen("fifty"), board_screen("countdown")
    assert issubclass(fifty, OperatorBoard) and issubclass(countdown, OperatorBoard)
    for board in (fifty, countdown):
        assert "_op_chosen" not in vars(board) and "action_op" not in vars(board)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_digit_keys_are_written_once(game_id: str) -> None:
    board = board_screen(game_id)
    assert issubclass(board, KeypadBoard)
    assert "action_digit" not in vars(board) and "action_enter" not in vars(board)
