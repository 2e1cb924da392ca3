"""A data folder the app cannot fully use never stops it (issue 29).

A lock that cannot be opened (a folder or a pipe where it should be, one owned by another
user), a slot that cannot be written (a pipe or a folder in its place, a read-only
folder), or a data folder that cannot be written at all: the app starts, says which
files it cannot use, and plays on; a game is kept in another file when its own cannot be
written, and what the player must know is said once, and printed on the terminal after
the app has left the screen. (Tests run as root, where permissions do not stop writes:
a read-only folder is made by a file where a folder is expected, or by refusing the
system call.)
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from app.store import kept_games, storage, unfinished
from app.store.data_folder import DATA_ENV, data_dir
from app.tui.app import EquationDuelApp
from app.tui.quitting import say_at_exit
from app.tui.unfinished_list import UnfinishedDialog
from rules.records import GameRecord, players_of, record_from_moves
from tests.app.tui_support import SIZE, game_screen, top
from tests.campaigns import hostile_slots, table


def notes(app: EquationDuelApp) -> list[str]:
    return [note.message for note in app._notifications]


def a_game(moves: tuple[str, ...] = ("4",)) -> GameRecord:
    return record_from_moves("conquest", None, list(moves), players_of(("Ann", "Bob")))


def kept_in(record: GameRecord, name: str) -> Path:
    """Keep `record` in `unfinished/NAME` as an earlier run left it."""
    path = data_dir() / "unfinished" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.save_record(record, path)
    return path


@pytest.fixture(autouse=True)
def _fresh() -> None:
    """What earlier tests in this process were told is not this test's."""
    kept_games._told.clear()
    kept_games._saving_off = False
    kept_games.exit_notices()


# Locks that cannot be opened


def test_unusable_locks_are_named_and_the_rest_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    folder_lock = kept_in(a_game(), "a.json")
    (folder_lock.parent / ".a.json.lock").mkdir()
    pipe_lock = kept_in(a_game(), "b.json")
    os.mkfifo(pipe_lock.parent / ".b.json.lock")
    usable = kept_in(a_game(), "c.json")
    foreign = kept_in(a_game(), "d.json")  # a lock another user owns (sudo equation-duel)
    real_open = os.open

    def refusing(path: object, flags: int, *args: int) -> int:
        if str(path).endswith(".d.json.lock"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing)
    found = unfinished.scan()
    assert found.games == [usable]
    why = dict(found.unusable)
    assert set(why) == {folder_lock, pipe_lock, foreign}
    assert "cannot be opened: Is a directory" in why[folder_lock]
    assert "is not a file" in why[pipe_lock]
    assert "cannot be opened: Permission denied" in why[foreign]
    with pytest.raises(unfinished.SlotError):
        unfinished.adopt(foreign, "d")


async def test_the_app_starts_past_a_lock_it_cannot_open() -> None:
    blocked = kept_in(a_game(), "a.json")
    (blocked.parent / ".a.json.lock").mkdir()
    kept_in(a_game(("7",)), "b.json")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(top(app), UnfinishedDialog)
        assert [game.record.moves[0].move for game in top(app).games] == ["7"]
        [told] = notes(app)
        assert told.startswith("These files cannot be used:") and str(blocked) in told
        await pilot.press("r")
        await pilot.press("9")  # it plays on, and keeps the game
        assert game_screen(app).session.move_count == 2
    assert blocked.exists()  # left as it was


# A data folder that cannot be written


async def test_a_read_only_data_folder_plays_without_saving_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", "utf-8")
    monkeypatch.setenv(DATA_ENV, str(blocker / "data"))  # nothing can be made under it
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("4", "7", "9")
        assert game_screen(app).session.move_count == 3
        [told] = notes(app)
        assert "played without saving" in told
        await pilot.press("ctrl+q", "y")
    say_at_exit()
    printed = capsys.readouterr().err.splitlines()
    assert len(printed) == 1 and "played without saving" in printed[0]


def test_a_read_only_folder_refused_by_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """What chmod a-w does for a user who is not root (here: the calls are refused)."""
    data_dir().mkdir(parents=True)
    real_open = os.open

    def read_only(path: object, *args: object, **kwargs: object) -> int:
        if str(path).startswith(str(data_dir())) and "lock" not in str(path):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", read_only)
    assert "Read-only file system" in (unfinished.saving_problem() or "")
    record = a_game()
    first = kept_games.keep_unfinished(record)
    assert first.path is None and first.notice is not None
    assert "could not be kept" in first.notice and "Read-only file system" in first.notice
    assert kept_games.keep_unfinished(record) == kept_games.Kept(None)  # told once


# A slot that cannot be written


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_slot_that_cannot_be_written_keeps_the_game_in_the_next(kind: str) -> None:
    record = a_game()
    own = data_dir() / "unfinished" / f"{record.id}.json"
    own.parent.mkdir(parents=True)
    if kind == "folder":
        own.mkdir()
    else:
        os.mkfifo(own)
    kept = kept_games.keep_unfinished(record)
    assert kept.path == own.with_name(f"{record.id}-2.json")
    assert kept.notice is not None and str(kept.path) in kept.notice and str(own) in kept.notice
    again = kept_games.keep_unfinished(a_game(("4", "7")).model_copy(update={"id": record.id}))
    assert again.path == kept.path and again.notice is None  # told once
    assert unfinished.scan().games == [kept.path]
    assert kept_games.exit_notices() == [kept.notice]


async def test_a_game_is_kept_beside_a_broken_unfinished_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data_dir().mkdir(parents=True)
    (data_dir() / "unfinished").write_text("a file where the folder should be", "utf-8")
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "7")
        record_id = game_screen(app).session.record_id
        [told] = notes(app)
        assert "it is kept in" in told
    say_at_exit()
    assert "it is kept in" in capsys.readouterr().err
    assert unfinished.scan().games == [data_dir() / f"unfinished-{record_id}.json"]


# The campaign (tests/campaigns/hostile_slots.py): every obstacle, games kept move by move


@pytest.mark.parametrize(
    "count", [pytest.param(14, id="quick"), pytest.param(700, id="soak", marks=pytest.mark.soak)]
)
def test_hostile_slots_campaign(count: int) -> None:
    tallies = hostile_slots.run(seed=7, count=count)
    print(table(tallies))
    for tally in tallies:
        assert tally.tried > 0 and tally.crashes == tally.losses == 0, table([tally])
        assert tally.loaded + tally.refused == tally.tried, table([tally])
