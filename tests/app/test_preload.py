"""After the menu is drawn the app reads the other screens' style sheets and imports the
setup screen's modules in the background: the menu and the setup screen look the same
as when the sheets are read as the setup screen opens."""

from __future__ import annotations

import re

from app.tui.app import EquationDuelApp
from app.tui.preload import PRELOADED, _import, read_screen_styles
from tests.app.tui_support import SIZE


def screen_text(app: EquationDuelApp) -> str:
    return re.sub(r"terminal-[-0-9a-z]+", "T", app.export_screenshot())


async def setup_looks(early: bool) -> tuple[str, str]:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if early:
            assert read_screen_styles(app)
            assert not read_screen_styles(app)  # once: then they are read
            await pilot.pause()
        menu = screen_text(app)
        await pilot.press("4")
        await pilot.pause()
        return menu, screen_text(app)


async def test_the_screens_sheets_read_early_change_no_screen() -> None:
    assert await setup_looks(early=True) == await setup_looks(early=False)


def test_the_preload_imports_the_setup_screen_and_then_reads_the_sheets() -> None:
    calls: list[object] = []

    class Loop:
        def call_soon_threadsafe(self, function: object, *args: object) -> None:
            calls.append((function, args))

    app = EquationDuelApp()
    _import(app, Loop())  # type: ignore[arg-type]
    assert calls == [(read_screen_styles, (app,))]
    import sys

    assert all(name in sys.modules for name in PRELOADED)
