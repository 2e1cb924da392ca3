"""The status line's report of a move: words and the game's symbols, never notation."""

from __future__ import annotations

import random

import pytest

from app.tui.boards.move_words import describe_move
from rules.registry import GAME_IDS, get_game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_of_random_games_are_reported_without_notation(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(game_id)
    for _ in range(5):
        state = game.new()
        while not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            text = game.format_move(move)
            said = describe_move(game_id, state, game.to_move(state), text)
            assert said.startswith(f"Player {game.to_move(state)}")
            for mark in ("@", "*", "/", "ply"):
                assert mark not in said, (text, said)
            assert ":" not in said or game_id == "countdown"  # "Player 2: 27 ÷ 3 = 9."
            state = game.play(state, move)


def test_examples() -> None:
    template = get_game("template")
    assert (
        describe_move("template", template.new(), 1, "9@2.3")
        == "Player 1 put 9 in Player 2's third slot."
    )
    fifty = get_game("fifty")
    assert describe_move("fifty", fifty.new(), 1, "8*1") == "Player 1 played 8 × 1 = 8."
    countdown = get_game("countdown")
    state = countdown.play_text(countdown.new(), "+9")
    assert describe_move("countdown", state, 2, "/3") == "Player 2: 9 ÷ 3 = 3."
    assert describe_move("countdown", state, 2, "/0") == "Player 2 lost the turn with ÷ 0."
