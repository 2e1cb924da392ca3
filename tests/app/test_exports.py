"""Exports never replace a file unasked, and a browser's stay in `exports/` (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.store.atomic_files import NotAFile
from app.store.data_folder import data_dir
from app.store.exports import export_record, export_to_folder, exports_dir
from app.store.storage import load_record
from rules.records import record_from_moves


def test_exports_into_the_folder_take_a_free_name_and_replace_nothing() -> None:
    record = record_from_moves("conquest", None, ["5", "2", "3"])
    first = export_to_folder(record)
    assert first.parent == exports_dir() == data_dir() / "exports"
    mine = first.with_name(first.stem + "-2.json")
    mine.write_text("the player's own file", "utf-8")
    second = export_to_folder(record)
    assert second.name == first.stem + "-3.json"
    assert mine.read_text("utf-8") == "the player's own file"
    assert load_record(first) == load_record(second) == record


def test_an_exports_link_to_another_folder_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data_dir().mkdir(parents=True)
    exports_dir().symlink_to(elsewhere)
    with pytest.raises(NotAFile, match="not a folder"):
        export_to_folder(record_from_moves("conquest", None, ["4"]))
    assert list(elsewhere.iterdir()) == []


def test_the_terminal_export_replaces_only_when_told(tmp_path: Path) -> None:
    record = record_from_moves("countdown", None, ["+5", "*3"])
    target = tmp_path / "duel.json"
    assert export_record(record, target) == target
    target.write_text("changed since", "utf-8")
    with pytest.raises(FileExistsError):
        export_record(record, target)
    assert target.read_text("utf-8") == "changed since"
    export_record(record, target, replace=True)
    assert load_record(target) == record
