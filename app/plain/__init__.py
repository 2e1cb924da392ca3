"""Plain-text mode: every game line by line, with the prompts of its seed's sample.

`driver_class(game_id)` is a game's driver (`app/plain/<game>.py`), imported on first use,
so a plain game loads only its own driver.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.plain.base import PlainDriver


def driver_class(game_id: str) -> type[PlainDriver]:
    """The plain driver class of `game_id` (its module is imported on first use)."""
    from rules.catalog import GAME_IDS  # (not at import: app.launch checks `rules` first)

    if game_id not in GAME_IDS:
        raise KeyError(game_id)
    driver: type[PlainDriver] = importlib.import_module(f"app.plain.{game_id}").Driver
    return driver
