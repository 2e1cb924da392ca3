"""The line mode's tests: every plain transcript they make is checked for drawing,
escapes and long lines (`tests.app.plain_transcripts`), and each test has a data folder
of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.plain_transcripts import linear_transcripts  # noqa: F401 (autouse)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    return folder
