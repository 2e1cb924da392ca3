"""Keeping an unfinished game as the app does when a match is left, for the tests."""

from __future__ import annotations

import errno
from pathlib import Path

from app.store.kept_games import keep_unfinished
from rules.records import GameRecord


def write_autosave(record: GameRecord) -> Path | None:
    """Keep an unfinished game for the next start (`kept_games.keep_unfinished`); a
    finished one's file is removed. OSError when it could not be kept anywhere."""
    kept = keep_unfinished(record)
    if kept.path is None and not record.finished:
        raise OSError(errno.EIO, kept.notice or "the game could not be kept")
    return kept.path
