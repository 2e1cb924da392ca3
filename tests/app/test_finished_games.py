"""Finished games kept automatically (app.store.finished_games): the last ones, the oldest
dropped first, a game saved with ctrl+s never dropped, and all listed in Saved games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.store import storage
from app.store.finished_games import (
    drop_oldest,
    finished_dir,
    finished_name,
    keep_finished,
    list_checked,
    list_games,
)
from rules.record_json import to_json
from rules.records import GameRecord, players_of, record_from_moves

NAMES = ("Ann", "Bob")


def finished_game(number: int) -> GameRecord:
    """A conquest game won by Ann in three moves (its `number` in its names)."""
    return record_from_moves("conquest", None, ["5", "2", "3"], players_of((f"Ann{number}", "Bob")))


def age(path: os.PathLike[str] | str, seconds: int) -> None:
    """Date a file `seconds` into the past (so the order is the files' own)."""
    stamp = 1_700_000_000 + seconds
    os.utime(path, (stamp, stamp))


def test_the_oldest_finished_games_are_dropped_first_and_saved_ones_never() -> None:
    saved = finished_game(0)
    storage.save_game(saved)
    for number in range(1, 6):
        path = keep_finished(finished_game(number), keep=3)
        assert path is not None
        age(path, number)
    kept = sorted(path.name for path in finished_dir().glob("*.json"))
    assert len(kept) == 3 and all("ann3" in n or "ann4" in n or "ann5" in n for n in kept)
    games = list_games()
    assert [g.record.names[0] for g in games if g.record] == ["Ann0", "Ann5", "Ann4", "Ann3"]
    assert [g.for_good for g in games] == [True, False, False, False]


def test_a_game_saved_for_good_is_listed_once() -> None:
    record = finished_game(1)
    keep_finished(record)
    storage.save_game(record)
    games = list_games()
    assert len(games) == 1 and games[0].for_good


def test_an_unfinished_game_is_not_kept_as_finished() -> None:
    record = record_from_moves("conquest", None, ["5", "2"], players_of(NAMES))
    assert keep_finished(record) is None
    assert list_games() == []


def test_a_folder_that_cannot_be_written_keeps_nothing_and_raises_nothing() -> None:
    finished_dir().parent.mkdir(parents=True, exist_ok=True)
    finished_dir().write_text("a file where the folder should be", "utf-8")
    assert keep_finished(finished_game(1)) is None


def _users_files(folder: Path, count: int) -> dict[str, str]:
    """`count` files of the player's own in `folder`: notes, records copied by hand
    (under their own names and under names like the app's), each older than any game."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    copied = finished_game(99)
    for number in range(count):
        if number % 3 == 0:
            name, text = f"notes-{number}.json", '{"mine": true}'
        elif number % 3 == 1:
            name, text = f"conquest-20240101-120000-ann-vs-bob-{number:012d}.json", to_json(copied)
        else:
            name, text = f"copy-{number}.json", to_json(copied)
        (folder / name).write_text(text, "utf-8")
        age(folder / name, -number)
        files[name] = text
    return files


def _left(folder: Path, files: dict[str, str]) -> dict[str, str]:
    return {n: (folder / n).read_text("utf-8") for n in files if (folder / n).exists()}


def test_pruning_never_removes_a_file_the_app_did_not_make() -> None:
    """Issue 36: with 205 files of the player's in `finished/`, one game deleted 6."""
    files = _users_files(finished_dir(), 205)
    for number in range(1, 6):
        path = keep_finished(finished_game(number), keep=3)
        assert path is not None
        age(path, number)
    keep_finished(finished_game(6), keep=3)
    assert _left(finished_dir(), files) == files
    ours = {p.name for p in finished_dir().glob("*.json")} - set(files)
    assert len(ours) == 3 and any("ann6" in name for name in ours)


def test_a_file_named_as_the_app_names_its_own_but_holding_another_game_stays() -> None:
    kept = keep_finished(finished_game(1), keep=1)
    assert kept is not None
    impostor = finished_dir() / finished_name(finished_game(2))
    impostor.write_text(to_json(finished_game(3)), "utf-8")  # the name of one, another game
    age(impostor, -10)
    keep_finished(finished_game(4), keep=1)
    assert impostor.exists()


def test_a_finished_folder_that_is_a_link_is_neither_pruned_nor_written(tmp_path: Path) -> None:
    """Issue 36: with `finished` a link to a folder of the player's, 55 of 255 went."""
    theirs = tmp_path / "my-folder"
    files = _users_files(theirs, 255)
    finished_dir().parent.mkdir(parents=True, exist_ok=True)
    finished_dir().symlink_to(theirs)
    assert keep_finished(finished_game(1), keep=3) is None
    drop_oldest(finished_dir(), 0)
    assert _left(theirs, files) == files and len(list(theirs.iterdir())) == 255


def test_the_list_replays_each_record_once_and_says_what_the_check_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37: the saved games' list replayed every record each time it opened (a
    collect game's loads sympy); each record's verdict is stored the first time."""
    from app.store import judged_games
    from app.store.ratings import record_game
    from app.tui.replay import describe

    games = [finished_game(1), record_from_moves("collect", None, ["7"], players_of(NAMES))]
    record_game(games[0])  # (the statistics database, where verdicts are stored)
    for record in games:
        storage.save_game(record)
    broken = finished_game(2).model_copy(update={"moves": finished_game(2).moves[:1] * 3})
    (storage.saves_dir() / "broken.json").write_text(to_json(broken), encoding="utf-8")
    checked = [(entry.record, entry.error) for entry in list_games(check=True)]
    listed = list_checked()
    assert [(entry.record, entry.error) for entry, _ in listed] == checked
    assert [describe(entry.record, why) for entry, why in listed if entry.record] == [
        describe(record) for record, _ in checked if record
    ]
    assert any(error for _, error in checked)  # (the illegal move: listed as it was)

    def replayed(record: GameRecord) -> tuple[bool, str]:
        raise AssertionError("replayed again")

    monkeypatch.setattr(judged_games, "verdict_of", replayed)
    assert list_checked() == listed


def test_a_game_kept_at_its_end_is_listed_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.match_session.keeping import SavedGames
    from app.store import judged_games, keep_writer

    record = finished_game(3)
    keeper = SavedGames()
    keeper.count(record)
    keeper.clear(record)
    keep_writer.wait_judged()  # (its verdict stored with its judgement, off this thread)

    def replayed(record: GameRecord) -> tuple[bool, str]:
        raise AssertionError("replayed")

    monkeypatch.setattr(judged_games, "verdict_of", replayed)
    [(entry, why)] = list_checked()
    assert entry.record is not None and entry.record.id == record.id
    assert why == "5 − 2 = 3 formed"
