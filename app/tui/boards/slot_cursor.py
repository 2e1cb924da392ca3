"""Where the templates' slot cursor goes on an arrow (Player 1's template on top): ← →
the nearest empty slot of the same template, ↑ ↓ the nearest empty slot of the other
(the closest column, the left one on a tie); none that way, the cursor stays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from rules.base import PlayerNo

Cursor = tuple[PlayerNo, int]
Arrow = Literal["left", "right", "up", "down"]
ARROWS: tuple[Arrow, ...] = ("left", "right", "up", "down")

#: Top to bottom, as the board draws them.
ROWS: tuple[PlayerNo, PlayerNo] = (1, 2)


def moved(cursor: Cursor, arrow: Arrow, slots: Mapping[PlayerNo, Sequence[int | None]]) -> Cursor:
    """The cursor after `arrow`, given each template's slots (None: empty)."""
    player, slot = cursor
    if arrow in ("left", "right"):
        step = -1 if arrow == "left" else 1
        row = slots[player]
        place = slot + step
        while 1 <= place <= len(row):
            if row[place - 1] is None:
                return (player, place)
            place += step
        return cursor
    index = ROWS.index(player) + (-1 if arrow == "up" else 1)
    if not 0 <= index < len(ROWS):
        return cursor
    target = ROWS[index]
    empty = [s for s in range(1, len(slots[target]) + 1) if slots[target][s - 1] is None]
    if not empty:
        return cursor
    return (target, min(empty, key=lambda s: (abs(s - slot), s)))
