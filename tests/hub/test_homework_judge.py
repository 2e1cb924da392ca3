"""The homework's judge (the hub's and the offline machine's) says what the solver says,
for every game: each legal first move of a bank puzzle is right exactly when the mover
still wins after it (the solver asked here on its own), and a move that is not legal or
not a move is refused in words."""

from __future__ import annotations

import pytest

from app.hub.homework import bank_set
from app.hub.homework_judge import NotAnAnswer, judge_answer
from rules.registry import GAME_IDS, get_game
from rules.solver.core import solve


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_verdict_is_the_solvers(game_id: str) -> None:
    (puzzle,) = bank_set(game_id, "easy", 1, f"judge:{game_id}")
    game = get_game(game_id)
    state = puzzle.state()
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    for move in [*puzzle.solution[:2], *legal[:8]]:
        after = game.play_text(state, move)
        outcome = game.outcome(after)
        winner = outcome.winner if outcome is not None else solve(game_id, after).winner
        judged = judge_answer(puzzle, move)
        assert judged.right == (winner == puzzle.to_move), (puzzle.id, move)
        assert judged.why.startswith("Right: ") == judged.right
        assert judged.winning.startswith("The winning move")
    for junk in ("", "zz", "9" * 500, "__import__('os')"):
        with pytest.raises(NotAnAnswer):
            judge_answer(puzzle, junk)
