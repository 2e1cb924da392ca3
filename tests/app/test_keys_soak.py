"""Arrow storms on the templates board (soak: `pytest -m soak tests/app/test_keys_soak.py`).

From random positions, random arrows and Tabs at 80×24: an arrow or a Tab never plays a
move, the cursor stays where it was or lands on an empty slot, and an arrow never carries
it sideways into the other template (the property `tests/app/test_slot_cursor.py` checks
on the cursor function, here through the keys of the real board)."""

from __future__ import annotations

import random

import pytest

from app.tui.app import EquationDuelApp
from rules.template import GAME
from tests.app.tui_support import game_screen

KEYS = ("left", "right", "up", "down", "tab", "shift+tab")


def random_start(rng: random.Random) -> list[str]:
    state = GAME.new()
    moves: list[str] = []
    for _ in range(rng.randrange(0, 5)):
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return moves


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(20))
async def test_arrows_never_play_nor_cross_sideways(seed: int) -> None:
    rng = random.Random(seed)
    start = random_start(rng)
    app = EquationDuelApp("template", moves=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        for _ in range(60):
            key = rng.choice(KEYS)
            before = screen.board.cursor
            await pilot.press(key)
            after = screen.board.cursor
            assert len(screen.moves) == len(start)  # no key of these plays a move
            if after != before:
                assert screen.state.template_slots(after[0])[after[1] - 1] is None
            if key in ("left", "right"):
                assert after[0] == before[0]
            if key == "down" and after != before:
                assert (before[0], after[0]) == (1, 2)
            if key == "up" and after != before:
                assert (before[0], after[0]) == (2, 1)
