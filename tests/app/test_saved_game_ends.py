"""A game saved for good with ctrl+s and then finished: its saved file is brought up to
date with its end (app.store.kept_games.game_over); a saved file that cannot be read
(too large, not a record) is left as it is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.store.kept_games import keep_unfinished
from app.store.storage import MAX_RECORD_BYTES, load_record, save_game
from rules.records import record_from_moves

WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    yield folder


def test_a_saved_game_holds_its_end_and_unreadable_saves_are_left(data: Path) -> None:
    started = record_from_moves("template", None, WALKTHROUGH[:2])
    path = save_game(started)
    too_large = data / "saves" / "large.json"
    too_large.write_bytes(started.id.encode() + b" " * MAX_RECORD_BYTES)
    not_a_record = data / "saves" / "broken.json"
    not_a_record.write_bytes(b"{" + started.id.encode())
    finished = record_from_moves("template", None, WALKTHROUGH)
    finished = finished.model_copy(update={"id": started.id, "started": started.started})
    assert finished.finished and not load_record(path).finished
    assert keep_unfinished(finished).path is None
    assert load_record(path) == finished
    assert too_large.stat().st_size == len(started.id) + MAX_RECORD_BYTES
    assert not_a_record.read_bytes() == b"{" + started.id.encode()
