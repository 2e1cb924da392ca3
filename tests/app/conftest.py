"""The full screen's tests: the computer answers without its pause for show.

On screen the computer waits `BOT_DELAY` (0.6 s) before it moves, so a person sees the
move coming; a test gains nothing from that wait. A test about the pause itself sets its
own value with `monkeypatch` (which overrides this one).
"""

from __future__ import annotations

import pytest

from app.tui import computer


@pytest.fixture(autouse=True)
def _computer_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "BOT_DELAY", 0.01)
