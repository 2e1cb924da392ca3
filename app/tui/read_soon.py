"""A screen's read (files, a database), started in a thread as the screen is made and
taken as it is composed: read by then, or nearly (`WAIT` seconds), the screen is drawn
complete and laid out once; not by then, it is drawn saying it reads, and handed the
read once done (drawn and then filled, it was laid out and drawn twice, issue 37)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from textual.screen import Screen
from textual.types import NoActiveAppError

T = TypeVar("T")

#: How long a screen waits for its read as it is composed (seconds): a class's 2,000 games'
#: statistics take about 40 ms, 200 saved games about 25 ms.
WAIT = 0.1


class ReadSoon(Generic[T]):
    """`read()` in a thread from now; `take()` as the screen is composed gives it if done,
    else `later(read)` is called on the screen once it is (never both)."""

    def __init__(
        self, screen: Screen[Any], read: Callable[[], T], later: Callable[[T], Any], name: str
    ) -> None:
        self._screen, self._read, self._later = screen, read, later
        self._handing = threading.Lock()  # guards what was read and whether it was taken
        self._read_so_far: list[T | Exception] = []
        self._taken = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            read: T | Exception = self._read()
        except Exception as error:  # raised on the app's thread, as a read there would be
            read = error
        with self._handing:
            self._read_so_far.append(read)
            later = self._taken
        if later:  # (else `take` has it)
            with contextlib.suppress(RuntimeError):  # the app ended meanwhile
                self._screen.app.call_from_thread(self._screen.call_later, self._give, read)

    def _give(self, read: T | Exception) -> Any:
        """(`later`'s result, awaited by Textual if it is a coroutine)"""
        if isinstance(read, Exception):
            raise read
        return self._later(read)

    def take(self, wait: float | None = None) -> list[T]:
        """The read, once (in a list), if done within `wait` seconds (`WAIT`); else nothing
        (`later` will have it)."""
        self._thread.join(WAIT if wait is None else wait)
        with self._handing:
            self._taken = True
            read = list(self._read_so_far)
        for done in read:
            if isinstance(done, Exception):
                raise done
        return [done for done in read if not isinstance(done, Exception)]


def reads_in_thread(screen: Screen[Any], asked: bool | None) -> bool:
    """Whether `screen` reads in a thread: as `asked`, or (None) unless the app is headless
    (tests find the read as the screen opens) or there is none yet."""
    if asked is not None:
        return asked
    try:
        return not screen.app.is_headless
    except NoActiveAppError:
        return False
