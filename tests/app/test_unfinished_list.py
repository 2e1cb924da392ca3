"""The list of games left unfinished, as the start shows it (80×24 snapshot)."""

from __future__ import annotations

import os
from typing import Any

from app.store import storage
from app.store.data_folder import data_dir
from app.tui.app import EquationDuelApp
from rules.records import players_of, record_from_moves

GAMES = [  # oldest first
    ("conquest", ["4", "7"], ("Ann", "Bob")),
    ("template", ["9@1.1", "8@2.1", "7@2.3"], ("Cid", "Dee")),
    ("countdown", ["+9", "+8"], ("Eve", "[b]Fay[/b]")),  # outside text stays text
]


def test_snapshot_unfinished_games(snap_compare: Any) -> None:
    folder = data_dir() / "unfinished"
    folder.mkdir(parents=True)
    for age, (game, moves, names) in enumerate(reversed(GAMES)):
        record = record_from_moves(game, None, moves, players_of(names))
        path = storage.save_record(record, folder / f"game-{game}.json")
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    assert snap_compare(EquationDuelApp(), terminal_size=(80, 24))
