"""Every test runs with its own data folder, so no test reads or writes the user's saves
or statistics (subprocesses inherit the variable)."""

from __future__ import annotations

import gc
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet


def _keep_compiled_code() -> None:
    """With PYTHONDONTWRITEBYTECODE set (this machine sets it), nothing compiled is kept:
    each of the three workers compiles every test module again, with pytest's assertion
    rewriting (1.9 s of its 3.2 s collection), and each of the ~80 programs the tests
    start (the app, its server, the plain mode) compiles the project's modules again
    (`docs/testing.md`). So the test run lets Python keep them, as it does by default: in
    the `__pycache__` folders beside the sources, which git ignores; the installed
    libraries have theirs already. The programs the tests start inherit this. Python
    checks each cached file against its source's time and size, so an edited module is
    compiled afresh. Without the variable, nothing changes."""
    if sys.dont_write_bytecode:
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_keep_compiled_code()


# The property tests (hypothesis) draw `max_examples` each from a profile: 100 (hypothesis's
# own default) in the default run, 1,000 in a run of the soak set, or the one named by
# `--hypothesis-profile` (`pytest --hypothesis-profile=soak tests/rules`: every property
# test of a folder at depth). A test that names its own count keeps it. No deadline: the
# machine is shared, and a slow example is no failure.
settings.register_profile("quick", max_examples=100, deadline=None)
settings.register_profile("soak", max_examples=1_000, deadline=None)


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("hypothesis_profile", None):
        markers = config.getoption("markexpr", "") or ""
        deep = "soak" in markers and "not soak" not in markers
        settings.load_profile("soak" if deep else "quick")


@pytest.fixture(scope="session")
def _data_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where this worker's tests keep their data folders (`data-1`, `data-2`, ...)."""
    numbers = itertools.count(1)
    base = tmp_path_factory.getbasetemp() / "data-folders"
    return (base / f"data-{number}" for number in numbers)


@pytest.fixture(autouse=True)
def _data_folder(_data_folders: Iterator[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder of the test's own, made when the app first writes to it (as a new
    player's is): most tests never write one, and a `tmp_path` for every test of the
    run cost about 1.5 ms each (pytest numbers and lists them)."""
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(next(_data_folders)))


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


# Textual parses every style sheet anew for each app it starts (its parse cache belongs to
# one app's Stylesheet), and the tests start hundreds of apps (tests/app, and the full
# screen's tests of tests/hub, tests/online and tests/classroom): about a sixth of a game
# screen's start in a test is parsing the same .tcss text again. Parsing is a function of
# the text, where it was read from, and the theme's variables, so within the test run one
# result serves every app with those inputs. The app itself is unchanged.
_PARSED: dict[tuple[Any, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    variables = tuple(sorted(self._variables.items()))
    key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
    found = _PARSED.get(key)
    if found is None:
        found = _PARSED[key] = _parse_rules(
            self, css, read_from, is_default_rules, tie_breaker, scope
        )
    return found


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The tests are over: one full collection, then what is left is frozen too. At the
    very end pytest collects five times more to report any unraisable exception (an
    error in a `__del__`); the one collection here reports those the same way (pytest's
    hook is still in place), and pytest's five then walk nothing, instead of the
    worker's whole heap five times (1.6–2.3 s of CPU per worker, measured with an
    atexit timer)."""
    gc.collect()
    gc.freeze()


# Every plain transcript of the test set is checked for drawing, escapes and long lines.
from tests.plain.transcripts import linear_transcripts  # noqa: E402, F401
