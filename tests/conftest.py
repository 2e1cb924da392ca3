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


# Pilot's waits, on a faster clock. After each key or click, Textual's Pilot waits until
# the app is idle: it sleeps in slices of `SLEEP_GRANULARITY` (1/50 s) until a slice passes
# with (almost) no work done, so that the screen's refresh, which runs on a timer of
# `UPDATE_PERIOD` (1/60 s), has happened too. Every key of a test thus sleeps at least
# 40 ms; a whole game by keys sleeps longer than it works. Here both clocks run four times
# faster, in the same ratio (a slice is still longer than a refresh period), so each wait
# still covers a refresh: the app does the same work, the tests sleep a quarter as long.
# Both names are Textual's own (textual/_wait.py, textual/screen.py, textual 8); if they
# go, the tests run at Textual's own pace.
def _faster_pilot_clock() -> None:
    import textual._wait
    import textual.screen

    if hasattr(textual._wait, "SLEEP_GRANULARITY") and hasattr(textual.screen, "UPDATE_PERIOD"):
        textual._wait.SLEEP_GRANULARITY = 1 / 200
        textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
        textual.screen.UPDATE_PERIOD = 1 / 240  # type: ignore[misc]  # (Final in Textual)


_faster_pilot_clock()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The tests are over: one full collection, then what is left is frozen too. At the
    very end pytest collects five times more to report any unraisable exception (an
    error in a `__del__`); the one collection here reports those the same way (pytest's
    hook is still in place), and pytest's five then walk nothing, instead of the
    worker's whole heap five times (1.6–2.3 s of CPU per worker, measured with an
    atexit timer)."""
    gc.collect()
    gc.freeze()
