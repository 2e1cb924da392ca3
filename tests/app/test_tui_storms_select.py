"""The app closing while the setup mounts (issue 29, the last crash of the no-wait storm).

Textual's `Select` fails when it is taken down between composing and its Mount
(tests/app/test_textual_known_issues.py holds the library's repro, docs/known-issues.md
the report). No screen of the app mounts one any more: a list of choices is a
`ChoiceList`, one widget until opened (issue 37); and the setup's handlers do nothing once
the screen has gone (`app.tui.mounting.gone`).
"""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Select as TextualSelect

from app.tui.app import EquationDuelApp
from app.tui.choice_list import ChoiceList
from app.tui.setup import SetupScreen
from tests.app.tui_support import SIZE, top
from tests.campaigns.key_storm import queue_key


async def test_the_setup_mounts_no_select() -> None:
    """The preset is a `ChoiceList`, one widget until opened (issue 37): no `Select` of
    the setup is left to be taken down while it mounts (the other screens' are the
    steady one)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")  # template: the most options
        await pilot.pause()
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        assert isinstance(setup.query_one("#preset"), ChoiceList)
        assert not list(setup.query(TextualSelect))


@pytest.mark.soak
async def test_the_app_closing_at_any_point_of_the_setup_s_mount_never_crashes() -> None:
    """`1` (the menu opens the setup) queued, then the app closed 0, 1, 2 … 59 turns of
    the event loop later, so at every step of the setup's mount (before the guard, 3 in
    40 such closings crashed, at turns 10–12 on this machine)."""
    for turns in range(60):
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            queue_key(app, "1")
            for _ in range(turns):
                await asyncio.sleep(0)  # one turn of the loop (a count, not a wait)
        assert app.return_code in (0, None)
