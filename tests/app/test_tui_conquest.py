"""Equation Conquest on screen: whole games by keys and by clicks, winners from the rules."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.boards.conquest import ConquestBoard
from app.tui.menu import MenuScreen
from app.tui.setup import SetupScreen
from rules.conquest import GAME, ConquestOptions, equations_of
from rules.words.outcome import record_reason
from tests.app.tui_support import (
    SIZE,
    click_game,
    click_key,
    clock_by_hand,
    expected,
    game_screen,
    text_of,
    top,
    winner_shown,
)
from widgets.equation_input import EquationInput

NAMES = ("Ann", "Bob")


def random_game(seed: int) -> list[str]:
    """Numbers appended until the rules say someone has won (at least six moves)."""
    rng = random.Random(seed)
    state = GAME.new()
    moves: list[str] = []
    while not GAME.is_over(state):
        options = [m for m in GAME.legal_moves(state)]
        if len(moves) < 6:
            quiet = [
                m
                for m in options
                if len(state.sequence) < 2
                or not equations_of(state.sequence[-2], state.sequence[-1], m.number)
            ]
            options = quiet or options
        move = rng.choice(options)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return moves


async def type_names(pilot, names: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Name both players by keys alone: Tab moves between the fields."""
    app = pilot.app
    for player, name in enumerate(names, start=1):
        while app.focused is None or app.focused.id != f"name-{player}":
            await pilot.press("tab")
        await pilot.press("ctrl+a", "ctrl+k", *name)


async def test_conquest_whole_game_by_keys() -> None:
    moves = random_game(3)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(top(app), MenuScreen)
        await pilot.press("4")
        assert isinstance(top(app), SetupScreen) and top(app).game_id == "conquest"
        await type_names(pilot, NAMES)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen.board, ConquestBoard)
        for move in moves:
            await pilot.press(move)
        winner, reason = await winner_shown(pilot)
        assert winner == expected("conquest", None, moves, NAMES)
        outcome = GAME.outcome(GAME.replay(None, moves))
        assert outcome is not None and reason.lower() == record_reason(outcome).lower()
        assert [text for _, text in screen.moves] == moves
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)


async def test_conquest_whole_game_by_clicks() -> None:
    moves = random_game(11)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await click_game(pilot, "conquest")
        await pilot.pause()
        assert isinstance(top(app), SetupScreen) and top(app).game_id == "conquest"
        await pilot.click("#start")
        await pilot.pause()
        for move in moves:
            await click_key(pilot, int(move), "#keypad")
        winner, _ = await winner_shown(pilot)
        assert winner == expected("conquest", None, moves, ("Player 1", "Player 2"))
        await pilot.click("#rematch")
        await pilot.pause()
        screen = game_screen(app)
        assert top(app) is screen and screen.moves == []
        assert screen.setup.first == 2 and screen.to_move == 2


async def test_declare_variant_by_keys_forfeit_then_win() -> None:
    options = ConquestOptions(declare=True)
    app = EquationDuelApp("conquest", {"declare": True}, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        # 5 2 3: Bob forms 5 = 2 + 3 but declares nothing, so the win is forfeited.
        await pilot.press("5", "2", "3", "escape")  # (no box for the first two numbers)
        assert screen.moves[-1] == (1, "3") and not screen.is_over
        assert "forfeited" in str(screen.query_one("#status", Static).render())
        # 3 5 8 forms 3 + 5 = 8, but Ann declares another equation: forfeited too.
        await pilot.press("5", "escape")
        await pilot.press("8")
        await pilot.press(*"5+8=13", "enter")
        assert not screen.is_over and "forfeited" in screen.state.note
        # 8 1 9: Ann declares 8 + 1 = 9 and wins.
        await pilot.press("1", "escape")
        await pilot.press("9")
        await pilot.press(*"8+1=9", "enter")
        assert screen.is_over
        winner, reason = await winner_shown(pilot)
        moves = [text for _, text in screen.moves]
        assert winner == expected("conquest", options, moves, NAMES)
        assert "declared" in reason


async def test_declare_variant_by_clicks() -> None:
    app = EquationDuelApp("conquest", {"declare": True})
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        for number in (4, 2):  # (no statement box for the first two numbers)
            await click_key(pilot, number, "#keypad")
        await click_key(pilot, 2, "#keypad")
        for text in ("4", "÷", "2", "=", "2"):
            keys = [k for k in top(app).query(".eq-key") if str(k.render()) == text]
            await pilot.click(keys[0])
        assert screen.query_one("#equation").value == "4 ÷ 2 = 2"
        await pilot.click("#declare .-action")
        winner, reason = await winner_shown(pilot)
        assert winner == "Player 1 wins!"
        assert reason == "4 ÷ 2 = 2 declared"


async def test_declare_the_box_opens_once_three_numbers_are_there() -> None:
    """Issue 34: no statement box for the first two numbers (no equation can be there
    yet), so the next player's digit is their number, not a statement; from the third
    number on, the box asks, its title whole at 80 columns."""
    app = EquationDuelApp("conquest", {"declare": True}, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        box = screen.query_one(EquationInput)
        await pilot.press("4")
        assert screen.moves == [(1, "4")] and not box.display
        await pilot.press("2")  # Bob's number, not a statement of Ann's
        assert screen.moves == [(1, "4"), (2, "2")] and not box.display
        await pilot.press("6")
        assert box.display and screen.board.pending == 6 and len(screen.moves) == 2
        assert box.hint == "Appending 6: state the equation 4 2 6 form"
        assert len(box.hint) + 4 <= box.size.width  # the title, never cut
        await pilot.press("escape")
        assert screen.moves[-1] == (1, "6") and not box.display


async def test_refusal_and_undo() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("0")
        status = text_of(screen.query_one("#status", Static))
        assert "0 is not allowed" in status
        assert screen.moves == []
        await pilot.press("7", "7")
        assert len(screen.moves) == 2
        await pilot.press("u")
        assert [t for _, t in screen.moves] == ["7"] and screen.to_move == 2
        await pilot.press("ctrl+z")
        assert screen.moves == [] and screen.state == GAME.new()


async def test_leaving_asks_first() -> None:
    app = EquationDuelApp("conquest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "q")
        assert type(top(app)).__name__ == "ConfirmDialog"
        await pilot.press("n")
        assert isinstance(top(app).board, ConquestBoard)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)


async def test_status_says_who_moved_what_happened_and_whose_turn_it_is() -> None:
    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = game_screen(app)
        await pilot.press("5")
        status = text_of(screen.query_one("#status", Static))
        assert status.startswith("Ann: Add 5 to the sequence.") and "Bob:" in status


async def test_a_refusal_does_not_stay_into_the_next_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.tui.dialogs import RoundOverDialog

    app = EquationDuelApp("conquest", names=("Ann", "Bob"), best_of=3, turn_seconds=10)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        now = clock_by_hand(screen)
        screen.refuse("That is not a move.")
        assert "not a move" in text_of(screen.query_one("#status", Static))
        now[0] = 11.0  # Ann's time runs out: Bob wins the round
        screen.tick()
        await pilot.pause()
        assert isinstance(top(app), RoundOverDialog)
        await pilot.press("enter")  # the next round: Bob starts
        await pilot.pause()
        status = text_of(screen.query_one("#status", Static))
        assert "not a move" not in status and "Bob:" in status
