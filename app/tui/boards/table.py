"""The table of the five boards: `board_of(game_id)`, each board's module imported when
its game is first asked for (the menu needs none of them). A board is typed by its game
(`ConquestBoard` is a `Board[ConquestOptions, ConquestState, ConquestMove]`); the table
sees each through the rules' base classes (`SomeBoard`). It imports no screen: the
analysis and the replay find their boards here too."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from app.tui.boards.common import SomeBoard


def _collect() -> type[SomeBoard]:
    from app.tui.boards.collect import CollectBoard

    return cast("type[SomeBoard]", CollectBoard)


def _template() -> type[SomeBoard]:
    from app.tui.boards.template import TemplateBoard

    return cast("type[SomeBoard]", TemplateBoard)


def _fifty() -> type[SomeBoard]:
    from app.tui.boards.fifty import FiftyBoard

    return cast("type[SomeBoard]", FiftyBoard)


def _conquest() -> type[SomeBoard]:
    from app.tui.boards.conquest import ConquestBoard

    return cast("type[SomeBoard]", ConquestBoard)


def _countdown() -> type[SomeBoard]:
    from app.tui.boards.countdown import CountdownBoard

    return cast("type[SomeBoard]", CountdownBoard)


#: The board of each game, by id (each imported on first use).
BOARDS: dict[str, Callable[[], type[SomeBoard]]] = {
    "collect": _collect,
    "template": _template,
    "fifty": _fifty,
    "conquest": _conquest,
    "countdown": _countdown,
}


def board_of(game_id: str) -> type[SomeBoard]:
    """The board class of `game_id` (KeyError for a game without a board)."""
    return BOARDS[game_id]()
