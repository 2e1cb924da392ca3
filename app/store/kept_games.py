"""Unfinished games kept after every move, so that no ending loses one.

`keep_unfinished(record)` writes the game in progress to its own file
(`app.store.unfinished`: `unfinished/<record id>.json` in the data folder) atomically, as every record is written
(a temporary file renamed over the old one), so even `kill -9` leaves it as it was after
its last move; a finished game's file is removed (`game_over`), and a copy of it saved
for good with ctrl+s is brought up to date with its end. A move's write is not flushed to the
disk at once (a flush can take tens of milliseconds on a busy disk, and the screen would
wait for it after every move): a process that ends any way leaves the file whole, and
leaving the app flushes every game kept (`flush_kept`), so only a power cut in the middle
of a game can cost its last moves. A file that cannot be written (a pipe or a
folder in its place, a read-only folder) is skipped for the game's next slot. What the
player must be told about it is told once (`Kept.notice`), and kept for the terminal after
the app has left the screen (`exit_notices`), where a message cannot vanish with it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from app.store import keep_writer, unfinished
from app.store.atomic_files import NotAFile, sync_path, write_file
from app.store.data_folder import data_dir, saves_dir
from app.store.storage import read_record_bytes
from rules.record_json import from_json, to_json
from rules.records import GameRecord, RecordError


@dataclass(frozen=True)
class Kept:
    """Where an unfinished game was kept (None: nowhere, or it is finished), and what the
    player must be told about it (each problem once: the screen shows it, and the
    terminal after the app has left the screen, `exit_notices`)."""

    path: Path | None
    notice: str | None = None


#: Every problem with keeping games already told, and what to print on leaving.
_told: set[str] = set()
_exit_notices: list[str] = []


#: The app found at its start that no game can be kept (and said so): not said again.
_saving_off = False


def saving_off(problem: str) -> str | None:
    """No game can be kept (`problem`: why): the notice, once; later failures to keep a
    game are not told again."""
    global _saving_off
    _saving_off = True
    return tell_once(
        f"Games cannot be kept in the data folder ({problem}): this game is played without saving."
    )


def tell_once(text: str) -> str | None:
    """`text` the first time (it is printed on the terminal when the app ends too); None
    after that."""
    if text in _told:
        return None
    _told.add(text)
    _exit_notices.append(text)
    return text


def exit_notices() -> list[str]:
    """What the player must still read once the app has left the screen (then cleared)."""
    notices = list(_exit_notices)
    _exit_notices.clear()
    return notices


#: What writes done in the background found to tell (said with the game's next keep).
_told_later: list[str] = []


def keep_unfinished(record: GameRecord, background: bool = False) -> Kept:
    """Keep an unfinished game (after every move, and on leaving) in its own file, written
    atomically, so the next start offers it whatever ends the app; a finished one's file
    is removed. A file that cannot be written (a pipe, a folder, a read-only folder) is
    skipped for the game's next slot, and the player is told once; never raises.

    `background`: once the game has its file, the write is handed to the writer thread
    (`app.store.keep_writer`, in order; the full screen waits for it before its next frame),
    and what it finds to tell comes with the game's next keep."""
    if record.finished:
        game_over(record)
        return Kept(None)
    text = to_json(record)
    slot = unfinished.held_slot(record.id) if background else None
    if slot is not None:
        keep_writer.hand(lambda: _keep_later(record, text))
        return Kept(slot, _told_later.pop(0) if _told_later else None)
    keep_writer.wait()  # (the writes handed over first)
    return _keep_now(record, text)


def _keep_later(record: GameRecord, text: str) -> None:
    """A background keep (the writer thread): what it must tell waits for the next one."""
    notice = _keep_now(record, text).notice
    if notice is not None:
        _told_later.append(notice)


def _keep_now(record: GameRecord, text: str) -> Kept:
    failed: list[Path] = []
    problems: list[str] = []
    while len(failed) <= unfinished.EXTRA_SLOTS + 1:
        try:
            slot = unfinished.slot_for(record.id, failed, problems)
        except OSError:
            break
        try:
            # not flushed to the disk at once (`flush_kept`, on leaving); a folder, a pipe
            # or a link there: NotAFile
            write_file(slot, text, sync=False)
        except OSError as error:
            unfinished.release(slot)  # (tried again first next time: it may be mended)
            failed.append(slot)
            problems.append(
                str(error) if isinstance(error, NotAFile) else f"{slot}: {error.strerror or error}"
            )
            continue
        notice = None
        if problems:
            notice = tell_once(
                f"The unfinished game could not be kept where it should be ({problems[0]}); "
                f"it is kept in {slot} instead."
            )
        return Kept(slot, notice)
    if _saving_off:
        return Kept(None)  # said at the start
    why = problems[0] if problems else "no file could be written"
    return Kept(None, tell_once(f"The unfinished game could not be kept ({why})."))


def game_over(record: GameRecord) -> None:
    """The game is finished: its kept file goes, and a copy saved for good with ctrl+s
    (in `saves/`, the same game's file) now holds its end, so "Saved games" lists it
    finished, not "unfinished after 1 move each". Never raises."""
    drop_unfinished(record.id)
    _bring_saves_up_to_date(record)


def _bring_saves_up_to_date(record: GameRecord) -> None:
    try:
        paths = sorted(saves_dir().glob("*.json"))
    except OSError:
        return
    needle = record.id.encode("utf-8", "replace")
    for path in paths:
        try:
            data = read_record_bytes(path)
            if needle not in data:  # (most saves are other games: not parsed)
                continue
            saved = from_json(data, check=False)
            if saved.id == record.id and not saved.finished:
                write_file(path, to_json(record))
        except (RecordError, OSError):  # (LoadError is a RecordError)
            continue  # a file that cannot be read or written keeps what it had


def drop_unfinished(record_id: str) -> None:
    """The game is finished: its kept file goes (the one this app holds, or one left by
    an earlier run that no running app is playing)."""
    keep_writer.wait()  # (a write handed over before must not bring it back)
    slot = unfinished.held_slot(record_id)
    if slot is None:
        slot = unfinished.candidates(data_dir(), unfinished.game_key(record_id))[0]
        try:
            if not slot.exists():
                return
        except OSError:
            return
    unfinished.remove(slot)


def flush_kept() -> None:
    """Make every game this app keeps durable on the disk (on leaving the app)."""
    keep_writer.wait()
    folders = set()
    for slot in unfinished.held_slots():
        folders.add(slot.parent)
        sync_path(slot, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    for folder in folders:
        sync_path(folder)
