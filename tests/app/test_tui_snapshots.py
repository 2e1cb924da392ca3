"""Snapshots (pytest-textual-snapshot) of every screen at 100×30.

Regenerate after a deliberate change of looks with
`pytest tests/app -k snapshot --snapshot-update`, and look at the SVGs before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from app.store import ratings
from app.tui.app import EquationDuelApp
from rules.records import players_of, record_from_moves

SIZE = (100, 30)


def pressing(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Press `keys`, then hold every text cursor still (shown): an Input's cursor blinks
    every half second, so on a busy machine a snapshot could catch it either way."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run_before


#: Moves (as key presses) that bring each game to an interesting middle position.
MID_GAME: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "collect": ({}, ("5", "escape", "2", "escape", "3", "escape", "6", *"6-2")),
    "collect-sudden-death": (
        {"pool": (1, 4)},
        ("1", "escape", "2", "escape", "3", "escape", "4", "escape", *"3-1"),
    ),
    "template": ({}, ("9", "down", "8", "left", "7", "down", "6")),
    "fifty": ({}, ("6", "asterisk", "7", "enter", "9", "minus", "5", "enter", "8", "plus", "2")),
    "conquest": ({}, ("4", "4", "9", "9", "2")),
    "conquest-declare": ({"declare": True}, ("5", "2", "3", *"5=2+3")),
    "countdown": ({}, ("asterisk", "5", "plus", "9", "8", "minus", "3")),
}


def test_snapshot_menu(snap_compare: Any) -> None:
    assert snap_compare(EquationDuelApp(), terminal_size=SIZE)


@pytest.mark.parametrize("key", ["1", "2", "3", "4", "5"])
def test_snapshot_setup(snap_compare: Any, key: str) -> None:
    assert snap_compare(EquationDuelApp(), run_before=pressing(key), terminal_size=SIZE)


@pytest.mark.parametrize("name", sorted(MID_GAME))
def test_snapshot_mid_game(snap_compare: Any, name: str) -> None:
    options, keys = MID_GAME[name]
    app = EquationDuelApp(name.split("-")[0], options, names=("Ann", "Bob"))
    assert snap_compare(app, run_before=pressing(*keys), terminal_size=SIZE)


def test_snapshot_game_over(snap_compare: Any) -> None:
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    assert snap_compare(app, run_before=pressing("5", "2", "3"), terminal_size=SIZE)


def test_snapshot_match_round_over(snap_compare: Any) -> None:
    app = EquationDuelApp("conquest", names=("Ann", "Bob"), best_of=3)
    assert snap_compare(app, run_before=pressing("5", "2", "3"), terminal_size=SIZE)


def test_snapshot_stats(snap_compare: Any) -> None:
    people, computer = players_of(("Ann", "Bob")), players_of(("Ann", "Cy"), ("human", "easy"))
    for game, moves, players in (
        ("conquest", ["5", "2", "3"], people),
        ("conquest", ["5", "1", "4"], computer),
        ("countdown", ["+9", "+8", "+7", "+6"], people),
    ):
        ratings.record_game(record_from_moves(game, None, moves, players))
    assert snap_compare(EquationDuelApp(), run_before=pressing("s"), terminal_size=SIZE)


def test_snapshot_rules(snap_compare: Any) -> None:
    assert snap_compare(EquationDuelApp("conquest"), run_before=pressing("f1"), terminal_size=SIZE)


def test_snapshot_too_small(snap_compare: Any) -> None:
    assert snap_compare(EquationDuelApp(), terminal_size=(60, 20))
