"""Countdown Duel on screen: whole games by keys and by clicks, winners from the rules."""

from __future__ import annotations

import random

from textual.pilot import Pilot
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.boards.countdown import CountdownBoard
from app.tui.dialogs import ConfirmDialog
from rules.countdown import GAME, PASS
from rules.operators import Op
from tests.app.tui_support import (
    SIZE,
    click_button_again,
    click_key,
    expected,
    game_screen,
    key_rows,
    text_of,
    top,
    winner_shown,
)
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorPicker

NAMES = ("Ann", "Bob")
KEY_OF = {"+": "plus", "-": "minus", "*": "asterisk", "/": "slash"}
CLICK_OF = {"+": "addition", "-": "subtraction", "*": "multiplication", "/": "division"}


async def click_op(pilot: Pilot[None], op: Op) -> None:
    """Click the operator's row in the picker (one widget: by its offset)."""
    picker = game_screen(pilot.app).query_one(OperatorPicker)
    await pilot.click(OperatorPicker, offset=picker.key_offset(op))


def random_game(seed: int) -> list[str]:
    """Valid moves (no passes) until the rules end the game."""
    rng = random.Random(seed)
    state = GAME.new()
    moves: list[str] = []
    while not GAME.is_over(state):
        options = [m for m in GAME.legal_moves(state) if m != PASS] or [PASS]
        move = rng.choice(options)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return moves


async def test_countdown_whole_game_by_keys() -> None:
    moves = random_game(5)
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen.board, CountdownBoard)
        for move in moves:
            if move == "pass":
                await pilot.press("p")
                continue
            await pilot.press(KEY_OF[move[0]], move[1:])
        winner, _ = await winner_shown(pilot)
        assert winner == expected("countdown", None, moves, NAMES)
        assert [text for _, text in screen.moves] == moves


async def test_countdown_whole_game_by_clicks_with_passes() -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await click_op(pilot, "*")
        await click_key(pilot, 9, "#pool-1")  # 0 × 9 = 0
        await click_op(pilot, "+")
        await click_key(pilot, 9, "#pool-2")  # 9
        await pilot.click("#pass")
        assert isinstance(top(app), ConfirmDialog)
        await pilot.click("#no")
        assert top(app) is screen and len(screen.moves) == 2
        await click_button_again(pilot, "#pass")
        await pilot.click("#yes")  # Ann passes
        assert [t for _, t in screen.moves] == ["*9", "+9", "pass"]
        await click_button_again(pilot, "#pass")
        await pilot.click("#yes")  # Bob passes too: stalemate, Bob made the last valid move
        winner, reason = await winner_shown(pilot)
        moves = [t for _, t in screen.moves]
        assert winner == expected("countdown", None, moves, ("Player 1", "Player 2"))
        assert winner == "Player 2 wins!"
        assert reason == "Stalemate, Player 2 made the last valid move"


async def test_countdown_division_by_zero_by_keys_loses_the_turn_after_a_warning() -> None:
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5")  # Ann +5
        await pilot.press("slash", "0")  # Bob: ÷ 0
        dialog = top(app)
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == "÷ 0 loses your turn"
        assert "Division by zero" in dialog.detail
        await pilot.press("n")  # choose again: nothing played
        assert top(app) is screen and len(screen.moves) == 1
        assert screen.to_move == 2
        await pilot.press("slash", "0")
        await pilot.press("y")
        assert top(app) is screen
        assert [text for _, text in screen.moves] == ["+5", "/0"]
        assert screen.to_move == 1 and screen.state.running_total == 5
        status = text_of(screen.query_one("#status", Static))
        assert "Division by zero" in status and "Bob loses their turn" in status


async def test_countdown_used_number_by_clicks_loses_the_turn_after_a_warning() -> None:
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await click_key(pilot, 5, "#pool-1")  # Ann +5
        await click_key(pilot, 4, "#pool-2")  # Bob +4
        await click_op(pilot, "/")
        await click_key(pilot, 5, "#pool-1")  # Ann's 5 is used up
        dialog = top(app)
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == "÷ 5 loses your turn"
        assert "5 has already been used" in dialog.detail
        await pilot.click("#yes")
        assert [text for _, text in screen.moves] == ["+5", "+4", "/5"]
        assert screen.to_move == 2 and screen.state.running_total == 9
        # A second lost turn in a row ends the game: the warning says so first.
        await click_key(pilot, 4, "#pool-2")
        assert "second turn in a row" in top(app).detail
        await pilot.click("#yes")
        winner, reason = await winner_shown(pilot)
        assert winner == expected("countdown", None, ["+5", "+4", "/5", "+4"], NAMES)
        assert "stalemate" in reason.lower()


async def test_countdown_number_outside_the_pool_loses_the_turn() -> None:
    app = EquationDuelApp("countdown", {"pool": (1, 5)}, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("7")
        assert isinstance(top(app), ConfirmDialog)
        assert "not one of the numbers 1-5" in top(app).detail
        await pilot.press("y")
        assert [text for _, text in screen.moves] == ["+7"]
        assert screen.to_move == 2


async def test_countdown_hint_goes_once_the_player_chooses_and_the_choice_shows_without_colour() -> (
    None
):
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5", "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        pools = list(screen.query(DigitPool))
        # the hinted operator and number are marked
        picker = screen.query_one(OperatorPicker)
        assert picker.hinted and any(pool.hinted for pool in pools)
        await pilot.press("asterisk")
        # chosen: the hint's marks are gone
        assert not picker.hinted and not any(pool.hinted for pool in pools)
        chosen = [op for op in picker.ops if "operator-picker--selected" in picker.key_layers(op)]
        assert chosen == ["*"]
        drawn = ["".join(s.text for s in picker.render_line(2 * i)) for i in range(4)]
        assert drawn[2].startswith("▸×")  # a pointer, not colour alone
        assert not any(row.startswith("▸") for i, row in enumerate(drawn) if i != 2)
        pool = screen.query_one("#pool-1", DigitPool)
        top, middle, _ = key_rows(pool, 5)
        assert pool.look(5) == "used" and top.text == "┏╍╍╍┓"  # a dashed border
        assert middle.text.strip("╏ ") == "5" and all(
            s.style.strike for s in middle if s.text == "5"
        )


async def test_the_arrows_work_the_movers_pool_when_the_turn_passes() -> None:
    """Two people at one keyboard, by the arrows and Space alone: after Ann's move the focus
    is on Bob's pool (it stayed on Ann's, whose keys pick nothing), and back again."""
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen.board, CountdownBoard)
        await pilot.press("right", "space")  # Ann: the cursor from 1 to 2, + 2
        assert screen.focused is screen.board.pool(2)
        await pilot.press("right", "right", "space")  # Bob: + 3
        assert screen.focused is screen.board.pool(1)
        await pilot.press("space")  # Ann: her cursor stepped off her used 2, onto 3
        assert [text for _, text in screen.moves] == ["+2", "+3", "+3"]
        assert screen.state.running_total == 8
