"""When the garbage collector makes its full passes: while the player waits for nothing.

A full pass (generation 2) looks at every object not frozen (`app.tui.preload.settle`):
38-75 ms with a few screens' widgets, styles and rules' models about, and Python starts
one whenever enough young objects survived, that is in the middle of a screen's opening
or a key's answer. `watch(app)` holds the full passes (the youngest two generations are
still collected as they fill) and makes the one that fell due once the app has had no
key, click or new screen for `QUIET` seconds, or at the latest `LONGEST` seconds after it
fell due. `release()` gives Python its own schedule back (the app as it unmounts, and
`run_app` whatever ends the app). Nothing is frozen after start-up: a closed screen's
widgets are collected by the next pass.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

from textual.app import App

#: Seconds without a key, a click or a new screen before a full pass that fell due is made
#: (a screen's opening and its answers coming in take 50-400 ms).
QUIET = 1.0
#: Seconds a full pass that fell due waits at most (a player typing without a pause).
LONGEST = 10.0
#: How often the app looks whether a pass is due and the player quiet (seconds).
LOOK_EVERY = 0.25
#: The third threshold while held: never reached (Python counts the younger passes there).
HELD = 1 << 30


class Collector:
    """The full passes held, and made when quiet. `now` is the clock (a test's own)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.thresholds: tuple[int, int, int] | None = None
        self.busy_at = now()
        self.due_at: float | None = None
        self.passes = 0  # (made by this policy: for tests and figures)

    @property
    def holding(self) -> bool:
        return self.thresholds is not None

    def hold(self) -> None:
        if self.thresholds is None:
            young, older, oldest = gc.get_threshold()
            self.thresholds = (young, older, oldest)
            gc.set_threshold(young, older, HELD)

    def release(self) -> None:
        """Python's own schedule again (and the collector on, if the launch turned it off)."""
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None
        gc.enable()

    def busy(self, *_: object) -> None:
        """A key, a click or a screen: its answer is not to wait for a full pass."""
        self.busy_at = self.now()

    def due(self) -> bool:
        """As Python would have made one: its older generation passed more often than the
        third threshold says."""
        return self.thresholds is not None and gc.get_count()[2] > self.thresholds[2]

    def look(self) -> bool:
        """Make the full pass that fell due if the player is quiet, or has waited long
        enough; whether one was made."""
        if not self.due():
            self.due_at = None
            return False
        now = self.now()
        if self.due_at is None:
            self.due_at = now
        if now - self.busy_at < QUIET and now - self.due_at < LONGEST:
            return False
        gc.collect()
        self.due_at = None
        self.passes += 1
        return True


COLLECTOR = Collector()


def watch(app: App[Any]) -> None:
    """Once the first screen is drawn: if the launch turned the collector off (`app.launch`),
    freeze what start-up made and turn it on. Then hold the full passes while `app` runs
    (not a headless one: tests run many apps in one process), looking `LOOK_EVERY` seconds
    whether one is due."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
    if app.is_headless or not app.is_running or COLLECTOR.holding:
        return
    COLLECTOR.hold()
    app.screen_change_signal.subscribe(app, COLLECTOR.busy, immediate=True)
    app.set_interval(LOOK_EVERY, COLLECTOR.look, name="garbage collector")


def busy() -> None:
    COLLECTOR.busy()


def release() -> None:
    COLLECTOR.release()
