"""The setup screen's number boxes read numbers as the command line does (one reader)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from app.cli.game_flags import FlagError, options_from_args
from app.tui.app import EquationDuelApp
from rules.fifty import FiftyOptions
from rules.registry import get_game
from tests.app.tui_support import SIZE, game_screen, text_of, top


def flag_message(field: str, text: str) -> str:
    """What `--target TEXT` / `--pool TEXT` says, without the flag's name."""
    import argparse

    args = argparse.Namespace(**{field: text})
    with pytest.raises(FlagError) as caught:
        options_from_args(get_game("fifty"), args)
    return str(caught.value).split(": ", 1)[1]


async def test_target_box_refuses_what_the_command_line_refuses() -> None:
    """Each text in turn, in one setup screen (the box is re-read at every change)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")  # fifty
        setup = top(app)
        for typed in ["٣", "３", "³", "x", ""]:
            setup.query_one("#opt-target", Input).value = typed
            await pilot.pause()
            error = setup.query_one("#err-target", Static)
            assert error.display, typed
            assert text_of(error) == flag_message("target", typed)
            assert setup.query_one("#start").disabled


async def test_pool_boxes_refuse_other_digits_and_name_them() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        setup = top(app)
        setup.query_one("#opt-pool-hi", Input).value = "٩"
        await pilot.pause()
        error = setup.query_one("#err-pool", Static)
        assert error.display and text_of(error) == flag_message("pool", "1-٩")
        assert "'٩'" in text_of(error)
        assert setup.query_one("#start").disabled


async def test_ascii_numbers_still_start_the_game() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        setup = top(app)
        setup.query_one("#opt-target", Input).value = " 12 "
        setup.query_one("#opt-pool-lo", Input).value = "2"
        setup.query_one("#opt-pool-hi", Input).value = "8"
        await pilot.pause()
        assert not setup.query_one("#err-target", Static).display
        await pilot.click("#start")
        assert game_screen(app).setup.options == FiftyOptions(target=12, pool=(2, 8))
