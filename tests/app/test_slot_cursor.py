"""The templates' slot cursor: an arrow moves it to the nearest empty slot in the arrow's
direction, or leaves it where it is; never sideways into the other template."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.tui.boards.slot_cursor import ARROWS, ROWS, Arrow, Cursor, moved
from rules.base import PlayerNo

Slots = dict[PlayerNo, tuple[int | None, ...]]

slot_values = st.tuples(*(st.one_of(st.none(), st.integers(1, 9)) for _ in range(3)))
boards = st.builds(lambda one, two: {1: one, 2: two}, slot_values, slot_values)
cursors = st.tuples(st.sampled_from((1, 2)), st.integers(1, 3))


@given(boards, cursors, st.sampled_from(ARROWS))
def test_an_arrow_stays_or_moves_its_way_to_the_nearest_empty_slot(
    slots: Slots, cursor: Cursor, arrow: Arrow
) -> None:
    player, slot = cursor
    after = moved(cursor, arrow, slots)
    if after == cursor:
        return
    to_player, to_slot = after
    assert slots[to_player][to_slot - 1] is None  # it only ever lands on an empty slot
    if arrow in ("left", "right"):
        assert to_player == player  # never sideways into the other template
        step = -1 if arrow == "left" else 1
        assert (to_slot - slot) * step > 0
        between = range(min(slot, to_slot) + 1, max(slot, to_slot))
        assert all(slots[player][s - 1] is not None for s in between)  # the nearest
    else:
        assert ROWS.index(to_player) - ROWS.index(player) == (-1 if arrow == "up" else 1)
        distance = abs(to_slot - slot)
        assert all(
            slots[to_player][s - 1] is not None for s in range(1, 4) if abs(s - slot) < distance
        )


@given(boards, cursors, st.sampled_from(ARROWS))
def test_an_arrow_that_can_move_does(slots: Slots, cursor: Cursor, arrow: Arrow) -> None:
    player, slot = cursor
    if arrow in ("left", "right"):
        ahead = range(1, slot) if arrow == "left" else range(slot + 1, 4)
        open_ahead = any(slots[player][s - 1] is None for s in ahead)
    else:
        row = ROWS.index(player) + (-1 if arrow == "up" else 1)
        open_ahead = 0 <= row < 2 and None in slots[ROWS[row]]
    assert (moved(cursor, arrow, slots) != cursor) == open_ahead


def test_the_daily_puzzle_repro() -> None:
    """`Down` from Player 1's last empty slot, over a full column: Player 2's nearest
    empty slot, never back to where it was."""
    slots: Slots = {1: (9, 3, None), 2: (None, 6, 1)}
    assert moved((1, 3), "down", slots) == (2, 1)
    assert moved((2, 1), "left", slots) == (2, 1)  # ← from slot 1 stays
    assert moved((1, 3), "right", slots) == (1, 3)
    assert moved((1, 3), "up", slots) == (1, 3)
