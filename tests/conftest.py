"""Every test runs with its own data folder, so no test reads or writes the user's saves
or statistics (subprocesses inherit the variable)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(tmp_path / "data"))
