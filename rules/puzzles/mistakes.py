"""Learn from your mistakes: the positions of a finished game where a player threw a win
away, as puzzles (the position before the mistake, the winning moves as the solution).
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.puzzles.judge import difficulty_of, offered, winning_moves
from rules.puzzles.model import Difficulty, Puzzle
from rules.registry import get_game
from rules.solver.core import solve

#: Mistakes taken from one game at most (the first ones: they decided the game).
MAX_PER_GAME = 3


def mistakes(
    game_id: str, options: dict[str, Any], moves: list[str], seat: PlayerNo
) -> list[Puzzle]:
    """The puzzles of `seat`'s mistakes in the game (at most `MAX_PER_GAME`)."""
    game = get_game(game_id)
    state = game.new(game.options_from(options))
    found: list[Puzzle] = []
    for number, text in enumerate(moves):
        if game.is_over(state) or len(found) >= MAX_PER_GAME:
            break
        after = game.play_text(state, text)
        if game.to_move(state) == seat and number > 0 and _thrown_away(game_id, game, state, after):
            won, figures = winning_moves(game_id, state)
            if won:
                found.append(
                    Puzzle(
                        game=game_id,
                        options=options,
                        moves=tuple(moves[:number]),
                        to_move=seat,
                        solution=won,
                        difficulty=_offered(game_id, difficulty_of(figures)),
                        figures=figures,
                    )
                )
        state = after
    return found


def _offered(game_id: str, difficulty: Difficulty) -> Difficulty:
    """The difficulty, within what the game offers (conquest's are all easy)."""
    levels = offered(game_id)
    return difficulty if difficulty in levels else levels[-1]


def _thrown_away(game_id: str, game: Any, before: Any, after: Any) -> bool:
    mover = game.to_move(before)
    if solve(game_id, before).winner != mover:
        return False
    outcome = game.outcome(after)
    if outcome is not None:
        return bool(outcome.winner != mover)
    return bool(solve(game_id, after).winner != mover)
