"""Judging a move in a puzzle: right if the mover still wins with best play; a wrong move's
refutation is the perfect computer's answer, said in the game's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.analysis import hint
from rules.base import PlayerNo, other
from rules.puzzles.words import move_words
from rules.registry import get_game
from rules.solver.core import move_values, solve
from rules.words.common import as_noun
from rules.words.outcome import reason_text


@dataclass(frozen=True)
class Verdict:
    right: bool
    #: The move in words: "Add 9 to the sequence".
    words: str
    #: The winning moves of the position (notation), for "the solution".
    winning: tuple[str, ...]
    #: A wrong move: the computer's answer (notation; None when the move ended the game).
    reply: str | None = None
    #: A wrong move: why it loses, in words (empty for a right move).
    why: str = ""


def judge_move(game_id: str, state: Any, text: str, after: Any = None) -> Verdict:
    """The verdict on the move `text` (notation, legal) by the player to move in `state`;
    `after`: the position it leads to, when the caller has played it already."""
    game = get_game(game_id)
    mover: PlayerNo = game.to_move(state)
    if after is None:
        after = game.play_text(state, text)
    words = move_words(game_id, state, text)
    outcome = game.outcome(after)
    if outcome is not None:
        right = outcome.winner == mover
    else:
        right = solve(game_id, after).winner == mover
    values = move_values(game_id, state)
    winning = tuple(sorted(m for m, (winner, _) in values.items() if winner == mover))
    if right:
        return Verdict(True, words, winning)
    head = f"{as_noun(words)} loses"  # "Adding 5 to the sequence loses"
    if outcome is not None:
        return Verdict(False, words, winning, None, f"{head}: {reason_text(outcome)}.")
    reply = hint(game_id, after).move
    assert reply is not None, "the game goes on after the move"
    answer = move_words(game_id, after, reply)
    rest = move_values(game_id, after)[reply][1]
    opponent = other(mover)
    if rest == 0:
        why = f"{head}. Player {opponent} answers: {answer}. That wins at once."
    else:
        why = f"{head}. Player {opponent} answers: {answer}. {then_words(opponent, rest // 2)}"
    return Verdict(False, words, winning, reply, why)


def then_words(opponent: PlayerNo, more: int) -> str:
    """After the reply: the winner's `more` moves to come (none: the loser's next move
    ends the game, whatever it is)."""
    if more == 0:
        return f"Then Player {opponent} wins whatever is played next."
    unit = "move" if more == 1 else "moves"
    return f"Then Player {opponent} wins whatever is played, within {more} more {unit} of theirs."
