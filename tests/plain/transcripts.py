"""Every line the line mode writes in the test set is linear text (issue 26).

`linear_transcripts` (autouse for the whole test set, through tests/conftest.py) records
what the line mode writes during a test and fails the test on a box-drawing or block
character, an escape sequence or another control character, or a line over `MAX_WIDTH`
characters. It reads:

- what each `Console` says and prompts (the games, the menu, resume, the puzzles, the
  analysis and the statistics line by line, and the command line's puzzles, `puzzle
  --play`, `--daily --play`, `--streak`, `--storm`, `--review`, which write through
  one; not the player's own answers, echoed);
- the whole output of every plain program the online tests start (`tests.online.procs`:
  a plain host and a plain guest in real processes).

The plain game played in a real terminal (tests/e2e/test_terminal.py) checks its whole
output with `problems` too. So every plain transcript of the test set, now and later, is
checked where it is made.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from app.plain.base import Console

MAX_WIDTH = 100
#: Box drawing, block elements and geometric shapes (spinners, frames and sparklines are
#: drawn with them).
_DRAWING = re.compile("[\u2500-\u25ff\u2800-\u28ff]")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: A file's path alone on its line (with the sentence's stop): the one thing the line mode
#: writes whole past `MAX_WIDTH`, since a path broken or cut would be a wrong one.
_PATH = re.compile(r"(?:[/~]|[A-Za-z]:\\)\S+")


def problems(text: str) -> list[str]:
    """What is wrong with `text` as linear output (empty when nothing)."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        if _DRAWING.search(line):
            found.append(f"line {number} draws: {line!r}")
        if _CONTROL.search(line):
            found.append(f"line {number} has a control character or escape: {line!r}")
        if len(line) > MAX_WIDTH and not _PATH.fullmatch(line):
            found.append(f"line {number} is {len(line)} characters long: {line[:60]!r}...")
    return found


def _recording_programs(monkeypatch: pytest.MonkeyPatch, started: list[Any]) -> None:
    """The plain programs the online tests start (their output is read at the end)."""
    procs = sys.modules.get("tests.online.procs")
    if procs is None:
        return
    init = procs.Proc.__init__

    def recorded_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        started.append(self)

    monkeypatch.setattr(procs.Proc, "__init__", recorded_init)


@pytest.fixture(autouse=True)
def linear_transcripts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    written: list[str] = []
    started: list[Any] = []
    shown, ask = Console.shown, Console.ask

    def recorded_shown(self: Console, text: str) -> str:
        said = shown(self, text)
        written.append(said)
        return said

    def recorded_ask(self: Console, prompt: str, heading: str | None = None) -> str:
        written.append(prompt)
        return ask(self, prompt, heading)

    monkeypatch.setattr(Console, "shown", recorded_shown)
    monkeypatch.setattr(Console, "ask", recorded_ask)
    _recording_programs(monkeypatch, started)
    yield written
    written.extend(program.output() for program in started)
    found = problems("\n".join(written))
    assert not found, "the line mode wrote text that is not linear: " + "; ".join(found[:5])
