"""One module per game: its board, a widget (`common.Board`) that the one game screen
composes and the analysis and the replay show as a picture (the table: `table.board_of`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from app.tui.boards.table import BOARDS, board_of

if TYPE_CHECKING:
    from app.tui.game_screen import SomeGameScreen

__all__ = ["BOARDS", "board_of", "board_screen"]


def board_screen(game_id: str) -> functools.partial[SomeGameScreen]:
    """The game screen of `game_id`, to open with `(setup, moves, record, referee=...)`."""
    board = board_of(game_id)
    from app.tui.game_screen import GameScreen  # (the menu imports no game screen)

    return functools.partial(GameScreen, board=board)
