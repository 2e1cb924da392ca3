"""Countdown Duel on screen: whole games by keys and by clicks, winners from the rules."""

from __future__ import annotations

import random

from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.boards.countdown import CountdownScreen
from app.tui.dialogs import ConfirmDialog
from rules.countdown import GAME, PASS
from tests.app.tui_support import SIZE, expected, game_screen, text_of, top, winner_shown

NAMES = ("Ann", "Bob")
KEY_OF = {"+": "plus", "-": "minus", "*": "asterisk", "/": "slash"}
CLICK_OF = {"+": "addition", "-": "subtraction", "*": "multiplication", "/": "division"}


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
        assert isinstance(screen, CountdownScreen)
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
        await pilot.click("#op-multiplication")
        await pilot.click("#pool-1 #key-9")  # 0 × 9 = 0
        await pilot.click("#op-addition")
        await pilot.click("#pool-2 #key-9")  # 9
        await pilot.click("#pass")
        assert isinstance(top(app), ConfirmDialog)
        await pilot.click("#no")
        assert top(app) is screen and len(screen.moves) == 2
        await pilot.click("#pass")
        await pilot.click("#yes")  # Ann passes
        assert [t for _, t in screen.moves] == ["*9", "+9", "pass"]
        await pilot.click("#pass")
        await pilot.click("#yes")  # Bob passes too: stalemate, Bob made the last valid move
        winner, reason = await winner_shown(pilot)
        moves = [t for _, t in screen.moves]
        assert winner == expected("countdown", None, moves, ("Player 1", "Player 2"))
        assert winner == "Player 2 wins!"
        assert reason == "Stalemate, Player 2 made the last valid move"


async def test_countdown_used_number_is_not_a_move() -> None:
    app = EquationDuelApp("countdown")
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5", "5")  # Ann +5, Bob +5
        await pilot.press("5")  # Ann's 5 is used up
        assert len(screen.moves) == 2
        assert "5 is not one of your numbers" in text_of(screen.query_one("#status", Static))
        await pilot.click("#pool-2 #key-1")  # not Ann's pool: nothing happens
        assert len(screen.moves) == 2


async def test_each_turn_starts_from_plus_and_the_status_shows_the_move_played() -> None:
    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert isinstance(screen, CountdownScreen)
        await pilot.press("5")  # Ann: 0 + 5
        await pilot.press("minus", "3")  # Bob: 5 − 3
        await pilot.pause()
        assert [text for _, text in screen.moves] == ["+5", "-3"]
        assert "5 − 3 = 2" in str(screen.query_one("#status").render())
        assert screen.op == "+"  # Ann's turn starts from + again, not Bob's −
