"""One module per game: its board on the shared base game screen.

`board_screen(game_id)` is the game screen class of a game. `BOARDS` lists each game's
loader: a plain import of that game's board, made on first use, so the menu loads no
board and starting a game loads only its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.tui.game_screen import GameScreen, SomeGameScreen


def _collect() -> type[GameScreen[Any, Any, Any]]:
    from app.tui.boards.collect import CollectScreen

    return CollectScreen


def _template() -> type[GameScreen[Any, Any, Any]]:
    from app.tui.boards.template import TemplateScreen

    return TemplateScreen


def _fifty() -> type[GameScreen[Any, Any, Any]]:
    from app.tui.boards.fifty import FiftyScreen

    return FiftyScreen


def _conquest() -> type[GameScreen[Any, Any, Any]]:
    from app.tui.boards.conquest import ConquestScreen

    return ConquestScreen


def _countdown() -> type[GameScreen[Any, Any, Any]]:
    from app.tui.boards.countdown import CountdownScreen

    return CountdownScreen


#: Each game's board loader, by game id (the ids of `rules.catalog.GAME_IDS`).
BOARDS: dict[str, Callable[[], type[GameScreen[Any, Any, Any]]]] = {
    "collect": _collect,
    "template": _template,
    "fifty": _fifty,
    "conquest": _conquest,
    "countdown": _countdown,
}


def board_screen(game_id: str) -> type[SomeGameScreen]:
    """The game screen class of `game_id` (its board module is imported on first use)."""
    return BOARDS[game_id]()
