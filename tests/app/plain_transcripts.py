"""Every line the line mode writes in the test set is linear text (issue 26).

`linear_transcripts` (autouse, through tests/app/conftest.py) records what each `Console`
says and prompts during a test (not the player's own answers, which it echoes) and fails
the test on a box-drawing or block character, an escape sequence or another control
character, or a line over `MAX_WIDTH` characters. So every plain transcript of the test
set, now and later, is checked where it is made.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.plain.base import Console

MAX_WIDTH = 100
#: Box drawing, block elements and geometric shapes (spinners and frames are drawn with them).
_DRAWING = re.compile("[\u2500-\u25ff\u2800-\u28ff]")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def problems(text: str) -> list[str]:
    """What is wrong with `text` as linear output (empty when nothing)."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        if _DRAWING.search(line):
            found.append(f"line {number} draws: {line!r}")
        if _CONTROL.search(line):
            found.append(f"line {number} has a control character or escape: {line!r}")
        if len(line) > MAX_WIDTH:
            found.append(f"line {number} is {len(line)} characters long: {line[:60]!r}...")
    return found


@pytest.fixture(autouse=True)
def linear_transcripts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    written: list[str] = []
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
    yield written
    found = problems("\n".join(written))
    assert not found, "the line mode wrote text that is not linear: " + "; ".join(found[:5])
