"""Plain-text mode: every game line by line, with the prompts of its seed's sample.

`driver_class(game_id)` is a game's driver (`app/plain/<game>.py`). `DRIVERS` lists each
game's loader: a plain import of that game's driver, made on first use, so a plain game
loads only its own driver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.plain.base import PlainDriver


def _collect() -> type[PlainDriver]:
    from app.plain.collect import Driver

    return Driver


def _template() -> type[PlainDriver]:
    from app.plain.template import Driver

    return Driver


def _fifty() -> type[PlainDriver]:
    from app.plain.fifty import Driver

    return Driver


def _conquest() -> type[PlainDriver]:
    from app.plain.conquest import Driver

    return Driver


def _countdown() -> type[PlainDriver]:
    from app.plain.countdown import Driver

    return Driver


#: Each game's driver loader, by game id (the ids of `rules.catalog.GAME_IDS`).
DRIVERS: dict[str, Callable[[], type[PlainDriver]]] = {
    "collect": _collect,
    "template": _template,
    "fifty": _fifty,
    "conquest": _conquest,
    "countdown": _countdown,
}


def driver_class(game_id: str) -> type[PlainDriver]:
    """The plain driver class of `game_id` (its module is imported on first use)."""
    return DRIVERS[game_id]()
