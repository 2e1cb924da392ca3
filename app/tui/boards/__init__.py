"""One module per game: its board on the shared base game screen (`SCREEN`), and
`board_screen(game_id)`, the table of the five.

Each board's module is imported when its game is first asked for (the menu needs
none of them): the table maps a game to the function that imports its board. A board is typed by its
game (`ConquestScreen` is a `GameScreen[ConquestOptions, ConquestState, ConquestMove]`);
the table sees each through the rules' base classes (`SomeGameScreen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from app.tui.game_screen import SomeGameScreen


def _collect() -> type[SomeGameScreen]:
    from app.tui.boards.collect import CollectScreen

    return cast("type[SomeGameScreen]", CollectScreen)


def _template() -> type[SomeGameScreen]:
    from app.tui.boards.template import TemplateScreen

    return cast("type[SomeGameScreen]", TemplateScreen)


def _fifty() -> type[SomeGameScreen]:
    from app.tui.boards.fifty import FiftyScreen

    return cast("type[SomeGameScreen]", FiftyScreen)


def _conquest() -> type[SomeGameScreen]:
    from app.tui.boards.conquest import ConquestScreen

    return cast("type[SomeGameScreen]", ConquestScreen)


def _countdown() -> type[SomeGameScreen]:
    from app.tui.boards.countdown import CountdownScreen

    return cast("type[SomeGameScreen]", CountdownScreen)


#: The board of each game, by id (each imported on first use).
BOARDS: dict[str, Callable[[], type[SomeGameScreen]]] = {
    "collect": _collect,
    "template": _template,
    "fifty": _fifty,
    "conquest": _conquest,
    "countdown": _countdown,
}


def board_screen(game_id: str) -> type[SomeGameScreen]:
    """The game screen class of `game_id` (KeyError for a game without a board)."""
    return BOARDS[game_id]()
