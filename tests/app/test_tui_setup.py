"""The menu, the setup screen, rules, leaving, the minimum size, and computer players."""

from __future__ import annotations

import sys

import pytest
from textual.widgets import Input, Static

import app.tui.computer as computer_module
from app.tui.app import EquationDuelApp
from app.tui.choice_list import ChoiceList
from app.tui.choices import Choices
from app.tui.dialogs import ConfirmDialog
from app.tui.menu import MenuScreen
from app.tui.rules_screen import RulesScreen
from app.tui.setup import SetupScreen
from app.tui.too_small import TooSmallScreen
from rules.conquest import GAME as CONQUEST
from rules.fifty import FiftyOptions
from tests.app.tui_support import (
    SIZE,
    choose,
    click_link,
    computer_reply,
    expected,
    game_screen,
    text_of,
    top,
    winner_shown,
)


async def test_menu_keys_and_arrows() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "enter")
        assert isinstance(top(app), SetupScreen) and top(app).game_id == "fifty"
        await pilot.press("escape")
        assert isinstance(top(app), MenuScreen)
        await pilot.press("up", "f1")
        assert isinstance(top(app), RulesScreen) and top(app).game_id == "template"
        await pilot.press("escape")
        await click_link(pilot, "quit")
    assert app.return_code == 0


async def test_setup_preset_validation_and_start_by_keys() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        setup = top(app)
        setup.query_one("#preset", ChoiceList).value = "target-30"
        await pilot.pause()
        assert setup.query_one("#opt-target", Input).value == "30"
        target = setup.query_one("#opt-target", Input)
        target.focus()
        await pilot.press("ctrl+a", "ctrl+k", "5", "0", "0")
        error = setup.query_one("#err-target", Static)
        assert error.display and "between 1 and 200" in text_of(error)
        assert setup.query_one("#start").disabled
        assert setup.query_one("#preset", ChoiceList).value == "(custom)"
        await pilot.press("enter")  # refused: still on the setup screen
        assert top(app) is setup
        await pilot.press("backspace", "backspace")  # 5
        await pilot.press("tab", "ctrl+a", "ctrl+k", "1", "tab", "ctrl+a", "ctrl+k", "6")
        assert not setup.query_one("#start").disabled
        await pilot.press("enter")
        screen = game_screen(app)
        assert screen.setup.options == FiftyOptions(target=5, pool=(1, 6))


async def test_setup_switch_and_who_starts() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.click("#opt-declare")  # (its first choice: on)
        await choose(pilot, "#first", 2)
        assert top(app).query_one("#opt-declare", Choices).value
        assert top(app).query_one("#preset", ChoiceList).value == "declare-second-starts"
        await pilot.click("#start")
        await pilot.pause()  # the game screen mounts (and sets its first position)
        screen = game_screen(app)
        assert screen.setup.options == CONQUEST.Options(declare=True, first=2)
        assert screen.to_move == 2


async def test_custom_template_option() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        setup = top(app)
        setup.query_one("#opt-template", Choices).value = "custom"
        await pilot.pause()
        custom = setup.query_one("#opt-template-custom", Input)
        assert custom.display
        custom.focus()
        await pilot.press(*"_ / (_ - _)")
        await pilot.press("enter")
        screen = game_screen(app)
        assert screen.setup.options.template == "_ ÷ (_ − _)"


async def test_play_game_opens_straight_into_it_with_moves() -> None:
    app = EquationDuelApp("conquest", {"pool": (1, 9)}, ["4", "7"])
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert top(app) is screen
        assert screen.state.sequence == (4, 7) and len(screen.history) == 2
        await pilot.press("u")
        assert screen.state.sequence == (4,)


async def test_bad_options_open_the_setup() -> None:
    app = EquationDuelApp("fifty", {"target": 999})
    async with app.run_test(size=SIZE):
        assert isinstance(top(app), SetupScreen)


async def test_ctrl_c_asks_during_a_game_and_quits() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")  # nothing played yet: quits at once
    assert app.return_code == 0
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "ctrl+c")
        assert isinstance(top(app), ConfirmDialog)
        await pilot.press("n", "ctrl+q", "y")
    assert app.return_code == 0


async def test_too_small_then_recovers() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(top(app), TooSmallScreen)
        message = text_of(top(app).query_one("#too-small", Static))
        assert "70×20" in message and "ctrl+q quits" in message
        await pilot.press("5")  # nothing reaches the game meanwhile
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        screen = game_screen(app)
        assert top(app) is screen and screen.moves == []
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(top(app), TooSmallScreen)
        await pilot.press("ctrl+q")  # as the message says (no game in progress: at once)
        await pilot.pause()
        assert app._exit


async def test_against_the_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "BOT_DELAY", 0.01)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await choose(pilot, "#seat-2", "easy")
        await pilot.press("enter")
        screen = game_screen(app)
        assert screen.setup.seats[1].kind == "computer" and 2 in screen.bots
        for number in "1471471471":
            if screen.is_over:
                break
            await pilot.press(number)
            await computer_reply(pilot, screen)
        winner, _ = await winner_shown(pilot)
        moves = [text for _, text in screen.moves]
        # The computer's seat is named by its level ("Computer (easy)"), never "Player 2".
        assert winner == expected("conquest", None, moves, ("Player 1", "Computer (easy)"))
        assert not screen.check_action("undo", ())  # a finished game is not taken back


@pytest.mark.skipif(sys.platform == "win32", reason="posix import check")
def test_start_up_does_not_import_sympy() -> None:
    import subprocess

    code = (
        "import sys; import app.tui.app, app.tui.menu, app.tui.setup, app.tui.game_screen; "
        "print('sympy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


async def test_the_setups_rules_and_back_buttons_do_what_their_keys_do() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        setup = top(app)
        assert isinstance(setup, SetupScreen)
        await pilot.click("#rules")
        await pilot.pause()
        assert isinstance(top(app), RulesScreen) and top(app).game_id == setup.game_id
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) is setup
        await pilot.click("#back")
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
