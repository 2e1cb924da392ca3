"""Collect & Declare on screen: whole games by keys and by clicks, sudden death, refusals."""

from __future__ import annotations

import random

from textual.widgets import Button, Static

from app.tui.app import EquationDuelApp
from app.tui.boards.collect import CollectBoard
from app.tui.dialogs import ConfirmDialog
from rules.collect import GAME, CollectMove
from tests.app.tui_support import (
    SIZE,
    click_key,
    expected,
    game_screen,
    text_of,
    top,
    winner_shown,
)
from widgets.digit_pool import DigitPool
from widgets.equation_input import EquationInput

NAMES = ("Ann", "Bob")
#: What the keyboard sends for each character of an equation.
KEYS = {"+": "plus", "-": "minus", "*": "asterisk", "/": "slash", "=": "equals_sign",
        "(": "left_parenthesis", ")": "right_parenthesis"}  # fmt: skip


def random_game(seed: int, quiet_turns: int = 6) -> list[CollectMove]:
    """Random turns; no declarations for the first `quiet_turns`, then any legal move."""
    rng = random.Random(seed)
    state = GAME.new()
    moves: list[CollectMove] = []
    while not GAME.is_over(state):
        options = GAME.legal_moves(state)
        if len(moves) < quiet_turns:
            options = [m for m in options if m.declaration is None]
        move = rng.choice(options)
        moves.append(move)
        state = GAME.play(state, move)
    return moves


def notation(moves: list[CollectMove]) -> list[str]:
    return [GAME.format_move(m) for m in moves]


async def test_collect_whole_game_by_keys() -> None:
    moves = random_game(6)
    assert any(m.declaration for m in moves)
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen.board, CollectBoard)
        for move in moves:
            if move.pick is not None:
                await pilot.press(str(move.pick))
            if move.declaration:
                await pilot.press(*[KEYS.get(ch, ch) for ch in move.declaration], "enter")
            else:
                await pilot.press("escape")
        winner, reason = await winner_shown(pilot)
        assert winner == expected("collect", None, notation(moves), NAMES)
        assert reason.endswith("balances")
        assert [t for _, t in screen.moves] == notation(moves)


async def test_collect_sudden_death_by_keys() -> None:
    picks = [5, 1, 9, 2, 8, 3, 7, 4, 6]
    app = EquationDuelApp("collect", {"ops": "+"})
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for number in picks:
            await pilot.press(str(number), "escape")
        assert screen.state.phase == "sudden-death"
        assert "sudden death" in text_of(screen.query_one("#status", Static)).lower()
        # Bob declares an equation he cannot make with + alone: refused as invalid.
        await pilot.press(*"1*2=2", "enter")
        assert isinstance(top(app), ConfirmDialog)  # it fails: asked first
        await pilot.press("y")
        assert "not allowed" in screen.state.note
        await pilot.press("escape", "escape", "escape")
        winner, reason = await winner_shown(pilot)
        moves = [t for _, t in screen.moves]
        assert winner == expected(
            "collect", GAME.Options(ops=("+",)), moves, ("Player 1", "Player 2")
        )
        assert "sudden death" in reason


async def test_collect_whole_game_by_clicks() -> None:
    moves = random_game(12, quiet_turns=4)
    app = EquationDuelApp("collect")
    async with app.run_test(size=SIZE) as pilot:
        for move in moves:
            if move.pick is not None:
                await click_key(pilot, move.pick, "#collect-pool")
            if not move.declaration:
                await pilot.click("#declare .-skip")
                continue
            shown = move.declaration.translate(str.maketrans("*/-", "×÷−"))
            for char in shown:
                keys = [k for k in top(app).query(".eq-key") if str(k.render()) == char]
                await pilot.click(keys[0])
            await pilot.click("#declare .-action")
        winner, _ = await winner_shown(pilot)
        assert winner == expected("collect", None, notation(moves), ("Player 1", "Player 2"))


async def test_taken_number_is_refused_and_shows_its_holder() -> None:
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("7", "escape")
        await click_key(pilot, 7, "#collect-pool")
        status = text_of(screen.query_one("#status", Static))
        assert "7 has been taken; available numbers: 1, 2, 3, 4, 5, 6, 8, 9" in status
        pool = screen.query_one("#collect-pool", DigitPool)
        assert pool.look(7) == "held by 1" and pool.label(7) == "7¹"
        await pilot.press("3")
        await pilot.press(*"7-3=4", "enter", "y")  # Bob does not hold 7
        assert "you do not have number 7" in screen.state.note
        assert not screen.is_over and screen.to_move == 1


async def test_status_line_follows_the_pick_then_the_declaration() -> None:
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        status = screen.query_one("#status", Static)
        assert "Ann: pick a number" in text_of(status)
        await pilot.press("5")
        said = text_of(status)
        assert said.startswith("Ann: picked 5; declare an equation"), said
        assert "pick a number" not in said
        await pilot.press("escape")
        assert "Bob: pick a number" in text_of(status)


async def test_enter_on_a_failing_declaration_asks_first() -> None:
    """The live verdict is not "balances": Enter asks before the turn is lost; "n" keeps
    the line as typed and the turn goes on, "y" declares it and the turn ends."""
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("2", "2", "plus", "enter")  # Ann picks 2, then an unfinished "2 +"
        dialog = top(app)
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question == "This declaration fails and ends your turn"
        assert text_of(dialog.query_one("#yes", Button)) == "Declare anyway (y)"
        assert text_of(dialog.query_one("#no", Button)) == "Keep typing (n)"
        await pilot.press("n")
        assert top(app) is screen and screen.to_move == 1 and not screen.moves
        assert screen.query_one(EquationInput).value == "2+"
        await pilot.press("enter", "y")
        assert screen.to_move == 2 and [t for _, t in screen.moves] == ["2:2+"]


async def test_declaration_box_waits_in_place_until_a_pick() -> None:
    """The box is there from the start, in the same place: waiting (its line disabled,
    its keys typing nothing, the player's numbers shown) until the pick, then live with
    the line focused; Esc makes it wait again and gives the pool the focus."""
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        box = screen.query_one(EquationInput)
        place = box.region
        assert box.waiting and "pick a number first" in str(box.border_title)
        await pilot.press("5", "escape", "2", "escape")  # Ann holds 5, and is to move
        assert box.waiting and box.region == place

        def numbers() -> list[str]:
            return [text_of(k) for k in box.query("#number-keys .eq-key") if text_of(k)]

        assert numbers() == ["5"]
        await pilot.click(next(k for k in box.query(".eq-key") if text_of(k) == "5"))
        await pilot.click("#declare .-action")
        assert box.value == "" and screen.to_move == 1 and len(screen.moves) == 2
        await pilot.press("3")
        assert not box.waiting and box.region == place and numbers() == ["3", "5"]
        assert app.focused is box.input and "Picked 3" in str(box.border_title)
        await pilot.press("escape")
        assert box.waiting and box.region == place and screen.to_move == 2
        assert app.focused is screen.query_one("#collect-pool")


async def test_sudden_death_from_the_start_focuses_the_declaration() -> None:
    """A game that starts in sudden death (moves given, or a kept game resumed): the
    line has the focus, and typing reaches it."""
    app = EquationDuelApp("collect", {"pool": (1, 4)}, ["1", "2", "3", "4"])
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        box = screen.query_one(EquationInput)
        await pilot.pause()
        assert screen.board.sudden_death and not box.waiting and app.focused is box.input
        await pilot.press("1", "plus", "3")
        assert box.value == "1+3"


async def test_a_colon_in_a_declaration_is_refused_not_played() -> None:
    """A key storm typed `:` into the declaration: played anyway, the move could not be
    written down (a colon starts a declaration in the notation) and the app crashed. The
    declaration is refused with the reason, and the turn goes on."""
    app = EquationDuelApp("collect", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("1", "2", "colon", "3", "enter")  # Ann picks 1, then "2:3"
        assert isinstance(top(app), ConfirmDialog)  # (it does not balance)
        await pilot.press("y")
        assert top(app) is screen and screen.to_move == 1 and not screen.moves
        status = text_of(screen.query_one("#status", Static))
        assert "A declaration cannot hold ':'" in status
        await pilot.press("escape")  # the turn ends without a declaration
        assert [t for _, t in screen.moves] == ["1"]
