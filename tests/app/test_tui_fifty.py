"""Exactly Fifty on screen: whole games by keys and by clicks, winners from the rules."""

from __future__ import annotations

import random

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.boards.fifty import FiftyBoard
from app.tui.dialogs import ConfirmDialog
from rules.fifty import GAME, FiftyOptions
from tests.app.tui_support import (
    SIZE,
    click_button_again,
    click_key,
    expected,
    game_screen,
    text_of,
    winner_shown,
)
from widgets.move_list import MoveList
from widgets.operator_picker import OperatorPicker
from widgets.score_bar import ScoreBar

NAMES = ("Ann", "Bob")
KEY_OF = {"+": "plus", "-": "minus", "*": "asterisk", "/": "slash"}


def random_game(seed: int, options: FiftyOptions | None = None) -> list[str]:
    rng = random.Random(seed)
    state = GAME.new(options)
    moves: list[str] = []
    while not GAME.is_over(state):
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return moves


def parts(text: str) -> tuple[str, str, str]:
    move = GAME.parse_move(text)
    return str(move.a), move.op, str(move.b)


async def confirm_bust(pilot: Pilot[None]) -> None:
    """A move that busts is asked about first: play it."""
    if isinstance(pilot.app.screen, ConfirmDialog):
        await pilot.press("y")


async def test_fifty_whole_game_by_keys() -> None:
    moves = random_game(2)
    app = EquationDuelApp("fifty", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen.board, FiftyBoard)
        for move in moves:
            a, op, b = parts(move)
            await pilot.press(a, KEY_OF[op], b, "enter")
            await confirm_bust(pilot)
        winner, _ = await winner_shown(pilot)
        assert winner == expected("fifty", None, moves, NAMES)
        assert [text for _, text in screen.moves] == moves


async def test_fifty_extended_pool_two_digit_numbers_by_keys() -> None:
    options = FiftyOptions(pool=(1, 15))
    moves = random_game(4, options)
    app = EquationDuelApp("fifty", {"pool": (1, 15)})
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for move in moves:
            a, op, b = parts(move)
            # A 1 waits for a possible second digit: Enter confirms it alone.
            for number in (a, b):
                await pilot.press(*number)
                if number == "1":
                    await pilot.press("enter")
            await pilot.press(KEY_OF[op], "enter")
            await confirm_bust(pilot)
        winner, _ = await winner_shown(pilot)
        assert winner == expected("fifty", options, moves, ("Player 1", "Player 2"))
        assert [text for _, text in screen.moves] == moves


async def test_fifty_whole_game_by_clicks() -> None:
    moves = random_game(9)
    app = EquationDuelApp("fifty")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for move in moves:
            a, op, b = parts(move)
            await click_key(pilot, int(a))
            picker = screen.query_one(OperatorPicker)
            await pilot.click(OperatorPicker, offset=picker.key_offset(op))  # type: ignore[arg-type]
            await click_key(pilot, int(b))
            await click_button_again(pilot, "#play")  # (pressed a moment ago, last move)
        winner, _ = await winner_shown(pilot)
        assert winner == expected("fifty", None, moves, ("Player 1", "Player 2"))
        assert [text for _, text in screen.moves] == moves


async def test_fifty_preview_warns_over_fifty() -> None:
    app = EquationDuelApp("fifty")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("6", "asterisk", "7", "enter", "9", "minus", "5", "enter")
        await pilot.press("8", "plus", "2")
        equation = text_of(screen.query_one("#fifty-equation", Static))
        assert equation.startswith("8 + 2 = 10  → score 52")
        assert "over 50" in equation
        bar = screen.query_one("#score-1", ScoreBar)
        assert bar.preview == 52 and bar.has_class("-over")
        await pilot.press("7")  # a used number is refused, nothing changes
        assert "7 is already used" in text_of(screen.query_one("#status", Static))
        await pilot.press("backspace")
        assert screen.board.chosen == [] and screen.board.op is None
        assert len(screen.moves) == 2


async def test_fifty_score_bar_keeps_its_place_and_the_move_list_shows_symbols() -> None:
    app = EquationDuelApp("fifty")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("6", "asterisk", "7", "enter", "9", "minus", "5", "enter")
        lines = screen.query_one(MoveList).render_moves().plain
        assert "6×7" in lines.replace(" ", "") and "9−5" in lines.replace(" ", "")
        assert "*" not in lines and "-" not in lines
        bar = screen.query_one("#score-1", ScoreBar)
        before = str(bar.render())
        await pilot.press("8", "plus", "2")  # 42 + 10 = 52: over 50
        over = str(bar.render())
        assert "over!" in over and len(over) == len(before)
        assert over.index("│") == before.index("│")  # the target mark has not moved


async def test_a_move_that_busts_warns_at_80_columns_and_asks_first() -> None:
    app = EquationDuelApp("fifty", names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await pilot.press("9", "asterisk", "8")
        box = screen.query_one("#fifty-equation", Static)
        shown = str(box.render())
        assert "over 50: you lose!" in shown
        width = box.content_size.width
        assert all(cell_len(line) <= width for line in shown.split("\n"))  # nothing cut off
        await pilot.press("enter")
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == "9 × 8 = 72 busts"
        await pilot.press("n")  # choose again: nothing is played, the choice stays
        assert pilot.app.screen is screen and not screen.moves and screen.board.chosen == [9, 8]
        await pilot.press("enter", "y")
        winner, reason = await winner_shown(pilot)
        assert winner == "Bob wins!" and "72" in reason
