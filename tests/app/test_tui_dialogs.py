"""Dialogs shown and dismissed at any moment, and what the menu loads before it is drawn."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button

from app.tui.dialogs import ConfirmDialog, Dialog, GameOverDialog, RoundOverDialog
from app.tui.record_dialogs import RoundChoiceDialog
from app.tui.styles import (
    CLASSROOM_STYLES,
    HUB_CONSOLE_STYLES,
    HUB_PROJECT_STYLES,
    HUB_STYLES,
    HUB_WATCH_STYLES,
    MENU_STYLES,
    ONLINE_STYLES,
    PUZZLE_STYLES,
    SCREEN_STYLES,
)
from rules.records import record_from_moves


async def test_a_dialog_dismissed_before_it_is_shown_is_no_error() -> None:
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        for dialog in (
            GameOverDialog("Ann", 1, "6 − 4 = 2 balances", 5),
            RoundOverDialog("Ann", 1, "6 − 4 = 2 balances", "Ann 1 – 0 Bob", "Bob"),
            ConfirmDialog("Leave this game?", "It is kept.", "Leave"),
        ):
            app.push_screen(dialog)
            dialog.dismiss()  # in the same turn of the loop: before it has mounted
            await pilot.pause()
            assert app.screen is not dialog


async def test_a_dialog_answers_once_and_only_while_it_is_on_top() -> None:
    """Issue 29: a press queued for a dialog, handled after another screen has covered it
    (the terminal became too small), closed that screen and answered; a second press then
    answered again (`InvalidStateError`). Now a covered dialog does not answer."""
    match = record_from_moves("conquest", None, ["5", "2", "3", "6", "2", "3"], best_of=3)
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        base = Screen[None]()
        app.push_screen(base)
        dialogs: list[tuple[Dialog[object], object]] = [
            (GameOverDialog("Ann", 1, "6 − 4 = 2 balances", 5), "rematch"),  # type: ignore[list-item]
            (RoundOverDialog("Ann", 1, "a reason", "Ann 1 – 0 Bob", "Bob"), None),  # type: ignore[list-item]
            (ConfirmDialog("Leave this game?"), True),  # type: ignore[list-item]
            (RoundChoiceDialog(match), 1),  # type: ignore[list-item]
        ]
        for dialog, first_choice in dialogs:
            answers: list[object] = []
            app.push_screen(dialog, answers.append)
            await pilot.pause()
            first = dialog.query(Button).first()
            first.press()  # queued; before it is handled, a screen covers the dialog
            cover = Screen[None]()
            app.push_screen(cover)
            await pilot.pause()
            assert answers == [] and app.screen is cover
            app.pop_screen()
            await pilot.pause()
            first.press()
            first.press()
            await pilot.pause()
            assert answers == [first_choice], type(dialog).__name__
            assert app.screen is base


async def test_a_dialog_focuses_its_first_choice_when_shown() -> None:
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(GameOverDialog("Ann", 1, "6 − 4 = 2 balances", 5))
        await pilot.pause()
        focused = app.screen.focused
        assert isinstance(focused, Button) and focused.id == "rematch"
        await pilot.press("n")
        await pilot.pause()
        app.push_screen(ConfirmDialog("Leave this game?", "It is kept.", "Leave"))
        await pilot.pause()
        focused = app.screen.focused
        assert isinstance(focused, Button) and focused.id == "no"  # the safe answer


def test_the_style_sheets_are_split_between_the_menu_and_the_other_screens() -> None:
    extras = []
    for own in (
        PUZZLE_STYLES,
        ONLINE_STYLES,
        CLASSROOM_STYLES,
        HUB_PROJECT_STYLES,
        HUB_STYLES,
        HUB_WATCH_STYLES,
    ):  # a kind of screen's own, after the rest
        assert own[: len(SCREEN_STYLES)] == SCREEN_STYLES
        extras.extend(own[len(SCREEN_STYLES) :])
    extras.extend(HUB_CONSOLE_STYLES)  # (apps of their own: their sheet alone)
    sheets = [*MENU_STYLES, *SCREEN_STYLES, *extras]
    names = [path.name for path in sheets]  # type: ignore[union-attr]
    assert len(set(names)) == len(names)
    folder = MENU_STYLES[0].parent  # type: ignore[union-attr]
    assert sorted(names) == sorted(path.name for path in folder.glob("*.tcss"))


def test_the_menu_is_drawn_without_the_rules_pydantic_or_the_records() -> None:
    code = """
import asyncio, sys
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen

async def main():
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), app.screen_stack
        heavy = ["pydantic", "sympy", "rules.base", "rules.records", "app.store.storage", "app.cli.main"]
        print(",".join(name for name in heavy if name in sys.modules) or "none")

asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "none"


async def test_a_finished_game_saves_from_the_game_over_dialog_and_q_goes_to_the_menu() -> None:
    from app.store.data_folder import saves_dir
    from app.tui.app import EquationDuelApp
    from app.tui.menu import MenuScreen

    app = EquationDuelApp("conquest", moves=["1", "1"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("2")  # 1 + 1 = 2: an equation, the game is over
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)  # shown again after saving
        assert len(list(saves_dir().glob("*.json"))) == 1
        assert any("Saved to" in str(n.message) for n in app._notifications)
        await pilot.press("escape")  # look at the board: the footer offers q for the menu
        await pilot.pause()
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "Menu" in descriptions
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_q_in_the_game_over_dialog_goes_to_the_menu() -> None:
    from app.tui.app import EquationDuelApp
    from app.tui.menu import MenuScreen

    app = EquationDuelApp("conquest", moves=["1", "1"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        await pilot.press("q")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_export_proposes_the_data_folder_and_says_where_it_wrote() -> None:
    from textual.widgets import Input

    from app.store.data_folder import data_dir
    from app.tui.app import EquationDuelApp
    from app.tui.record_dialogs import ExportDialog

    app = EquationDuelApp("conquest", moves=["1", "1"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        proposed = dialog.query_one("#export-path", Input).value
        assert proposed.startswith(str(data_dir() / "exports"))
        await pilot.press("enter")
        await pilot.pause()
        written = list((data_dir() / "exports").glob("*.json"))
        assert len(written) == 1
        assert any(f"Exported to {written[0]}" in str(n.message) for n in app._notifications)


async def test_export_is_said_whole_on_the_status_line_at_80x24() -> None:
    """The repro: "Exported to …/exports/collect-20261127-" was cut on the status line.
    It names the file; the note says where."""
    from app.store.data_folder import data_dir
    from app.tui.app import EquationDuelApp
    from widgets.status_line import StatusLine

    app = EquationDuelApp("conquest", moves=["1", "1"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "e")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # look at the board, and its status line
        await pilot.pause()
        (written,) = (data_dir() / "exports").glob("*.json")
        status = app.screen.query_one(StatusLine)
        assert status.message == f"Exported to {written.name}"
        assert str(status.render()).count("\n") == 0  # one line: whole at 80 columns
        assert any(f"Exported to {written}" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize("best_of", [1, 3])
async def test_the_game_over_dialog_leaves_the_move_list_whole_at_80x24(best_of: int) -> None:
    """The repro: at 80 columns the dialog's edge cut the move list ("42", "nn 5"), which
    read as part of the dialog. Over a game, a dialog (game over, round over) sits over
    the board, beside the move list and below the players' panels."""
    from app.tui.app import EquationDuelApp
    from widgets.move_list import MoveList

    app = EquationDuelApp("conquest", names=("Ann", "Bob"), best_of=best_of)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5", "2", "3")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, GameOverDialog if best_of == 1 else RoundOverDialog)
        box = dialog.query_one(".dialog").region
        game = app.screen_stack[-2]
        moves = game.query_one(MoveList).region
        assert box.right <= moves.x and box.x >= 0
        assert box.y >= game.query_one("#panel-2").region.bottom - 1  # (its frame's last row)
