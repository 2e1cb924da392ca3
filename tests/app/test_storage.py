"""Record files (app.store.storage): the data folder, atomic saves, and refusing bad files."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from app.store import unfinished
from app.store.atomic_files import write_file
from app.store.data_folder import autosave_path, data_dir
from app.store.exports import export_record
from app.store.storage import (
    LoadError,
    list_saves,
    load_autosave,
    load_record,
    save_game,
    save_record,
)
from rules.record_json import to_json
from rules.records import GameRecord, record_from_moves
from rules.registry import GAME_IDS, get_game
from tests.app.store_support import write_autosave
from tests.rules.record_steps import state_of

WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    yield folder


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def clear_autosave(path: Path | None = None) -> None:
    """Discard the game kept in `path` (None: every game this app keeps now)."""
    for slot in unfinished.held_slots() if path is None else [path]:
        unfinished.remove(slot)


def test_data_folder_from_the_environment(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == data
    assert autosave_path() == data / "autosave.json"
    assert not data.exists()  # nothing is created until something is written
    monkeypatch.setenv("EQUATION_DUEL_DATA", "")
    assert data_dir().name == "equation-duel"
    monkeypatch.delenv("EQUATION_DUEL_DATA")
    assert data_dir().name == "equation-duel"


# Save and resume, every game.


def random_record(game_id: str, options: Any, rng: random.Random, finish: bool) -> GameRecord:
    game = get_game(game_id)
    state = game.new(options)
    moves: list[str] = []
    while game.outcome(state) is None and (finish or len(moves) < 4):
        move = rng.choice(game.legal_moves(state))
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return record_from_moves(game_id, options, moves, seconds=[1.25] * len(moves))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_and_resume_every_game_and_variant(game_id: str, tmp_path: Path) -> None:
    rng = random.Random(f"storage/{game_id}")
    for name, options in import_module(f"rules.{game_id}").VARIANTS.items():
        for finish in (False, True):
            record = random_record(game_id, options, rng, finish)
            path = tmp_path / f"{game_id}-{name}-{finish}.json"
            save_record(record, path)
            loaded = load_record(path)
            assert loaded == record
            assert state_of(loaded) == state_of(record)
            assert path.read_text(encoding="utf-8") == to_json(record)


# Bad files are refused by name and left as they were.


def saved(tmp_path: Path, text: str | bytes, name: str = "game.json") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def good_text() -> str:
    return to_json(record_from_moves("template", None, WALKTHROUGH))


def edited(change: Any) -> str:
    data = json.loads(good_text())
    change(data)
    return json.dumps(data, indent=2)


def _illegal(data: dict[str, Any]) -> None:
    data["moves"][2]["move"] = "9@2.3"


def _future(data: dict[str, Any]) -> None:
    data["format"] = 2


def _unknown(data: dict[str, Any]) -> None:
    data["game"] = "chess"


BAD_FILES: list[tuple[str, str | bytes, str]] = [
    ("corrupt", good_text().replace('"moves": [', '"moves": [,', 1), r"not valid JSON: .* line \d+ column \d+"),
    ("truncated", good_text()[:300], r"ends too early at line \d+ column \d+ \(the file is cut short\)"),
    ("future", edited(_future), "format 2 is newer than this program understands"),
    ("unknown game", edited(_unknown), "unknown game 'chess'"),
    ("illegal move", edited(_illegal), r"move 3 \('9@2.3'\): 9 has already been used"),
    ("empty", "", "the file is empty"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\xff", "not UTF-8"),
    ("not a record", '{"hello": "world"}', "no `format` field"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "text", "message"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_is_refused_and_left_alone(
    tmp_path: Path, kind: str, text: str | bytes, message: str
) -> None:
    path = saved(tmp_path, text)
    before = snapshot(path)
    with pytest.raises(LoadError, match=message) as caught:
        load_record(path)
    assert caught.value.path == path
    assert str(caught.value).startswith(f"{path}: ")
    assert "\n" not in str(caught.value)
    assert snapshot(path) == before
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="no such file"):
        load_record(tmp_path / "nothing.json")
    with pytest.raises(LoadError, match="a folder"):
        load_record(tmp_path)


# A save interrupted in the middle leaves the earlier file intact.


def test_interrupted_rename_keeps_the_earlier_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    earlier = record_from_moves("template", None, WALKTHROUGH[:2])
    save_record(earlier, path)
    before = snapshot(path)

    def crash(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="No space left"):
        save_record(record_from_moves("template", None, WALKTHROUGH), path)
    assert snapshot(path) == before
    assert load_record(path) == earlier
    assert os.listdir(tmp_path) == ["game.json"]  # no temporary file is left behind


def test_interrupted_write_keeps_the_earlier_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    earlier = record_from_moves("fifty", None, ["6*7"])
    save_record(earlier, path)
    before = snapshot(path)
    real_fdopen = os.fdopen

    class HalfWriter:
        """A file that writes half of what it is given, then fails (a crash mid-write)."""

        def __init__(self, handle: int, mode: str) -> None:
            self.file = real_fdopen(handle, mode)

        def __enter__(self) -> HalfWriter:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

        def write(self, data: bytes) -> int:
            self.file.write(data[: len(data) // 2])
            self.file.flush()
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fdopen", HalfWriter)
    with pytest.raises(OSError, match="Input/output"):
        save_record(record_from_moves("fifty", None, ["6*7", "9-5"]), path)
    assert snapshot(path) == before
    assert load_record(path) == earlier
    assert os.listdir(tmp_path) == ["game.json"]


def test_interrupted_sync_keeps_the_earlier_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_file(path, "earlier")

    def fail(handle: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError):
        write_file(path, "later")
    assert path.read_text() == "earlier"
    assert os.listdir(tmp_path) == ["game.json"]


def test_atomic_write_replaces_whole(tmp_path: Path) -> None:
    path = tmp_path / "file.txt"
    write_file(path, "one")
    write_file(path, "two ×")
    assert path.read_text(encoding="utf-8") == "two ×"


# Unfinished games: one file per game (tests/app/test_autosave_slots.py has the rest).


def test_autosave_slot(data: Path) -> None:
    assert load_autosave() is None
    unfinished = record_from_moves("conquest", None, ["2", "3"])
    path = write_autosave(unfinished)
    assert path == data / "unfinished" / f"{unfinished.id}.json"
    assert load_autosave() == unfinished
    finished = record_from_moves("conquest", None, ["2", "3", "5"])
    finished = finished.model_copy(update={"id": unfinished.id})  # the same game, ended
    assert finished.finished
    assert write_autosave(finished) is None
    assert load_autosave() is None
    assert not path.exists()
    clear_autosave()  # nothing there: no error


def test_bad_autosave_is_refused_and_kept(data: Path) -> None:
    data.mkdir()
    path = data / "autosave.json"
    path.write_text('{"format": 1, "game": "fifty", "moves": [', encoding="utf-8")
    before = snapshot(path)
    with pytest.raises(LoadError, match="cut short"):
        load_autosave()
    assert snapshot(path) == before


# Saved games and exports.


def test_save_game_keeps_one_file_per_game(data: Path) -> None:
    record = record_from_moves("template", None, WALKTHROUGH[:2])
    first = save_game(record)
    assert first.parent == data / "saves"
    assert first.name.startswith("template-") and first.suffix == ".json"
    later = record_from_moves("template", None, WALKTHROUGH[:4])
    later = later.model_copy(update={"id": record.id, "started": record.started})
    assert save_game(later) == first
    assert load_record(first) == later
    other = save_game(record_from_moves("template", None, WALKTHROUGH[:1]))
    assert other != first
    (data / "saves" / "broken.json").write_text("{", encoding="utf-8")
    entries = list_saves()
    assert {e.path.name for e in entries} == {first.name, other.name, "broken.json"}
    broken = next(e for e in entries if e.path.name == "broken.json")
    assert broken.record is None and broken.error is not None and "cut short" in broken.error


def test_list_saves_without_a_folder() -> None:
    assert list_saves() == []


def test_export_record(tmp_path: Path) -> None:
    record = record_from_moves("countdown", None, ["+5", "*3"])
    path = export_record(record, tmp_path / "export.json")
    assert load_record(path) == record
