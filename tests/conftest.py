"""Every test runs with its own data folder, so no test reads or writes the user's saves
or statistics (subprocesses inherit the variable)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(tmp_path / "data"))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collection is over: what it built (modules, the test items) lives to the end of the
    run, so the garbage collector is told to stop walking it (`gc.freeze`), and it runs
    less often. The tests start hundreds of apps, each a large graph of objects, and with
    the default thresholds the collector took about a sixth of a worker's time walking the
    same objects again and again (`docs/testing.md`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
