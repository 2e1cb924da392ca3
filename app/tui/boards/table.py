"""The table of the five boards (`board_of`), each board's module imported when its game
is first asked for (the menu needs none). It imports no screen: the analysis and the
replay find their boards here too."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from app.tui.boards.common import SomeBoard


def _board(game_id: str, name: str) -> type[SomeBoard]:
    module = importlib.import_module(f"app.tui.boards.{game_id}")
    return cast("type[SomeBoard]", vars(module)[name])


#: The board of each game, by id (each imported on first use).
BOARDS: dict[str, Callable[[], type[SomeBoard]]] = {
    game_id: functools.partial(_board, game_id, f"{game_id.title()}Board")
    for game_id in ("collect", "template", "fifty", "conquest", "countdown")
}


def board_of(game_id: str) -> type[SomeBoard]:
    """The board class of `game_id` (KeyError for a game without a board)."""
    return BOARDS[game_id]()
