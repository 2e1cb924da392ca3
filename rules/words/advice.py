"""The solver's verdicts in words: hints, the analysis and the command line's `solve`.

A count of moves is a player's own moves to the end of the game with best play (as players
count them), the one advised included: "3 more moves" is this move and two more of yours.
The solver counts both players' moves (plies); `own_moves` turns them into one player's.
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.words.common import capitalized, more_moves, moves_text, own_moves
from rules.words.moves import describe_move, move_effect, separator
from rules.words.voice import Voice


def best_line(
    game_id: str,
    state: Any,
    move: str,
    mover: PlayerNo,
    winner: PlayerNo,
    moves: int,
    voice: Voice,
    alike: bool = False,
) -> str:
    """The best move and what it achieves, as the mover reads it (`voice.you == mover`)
    or as a bystander does.

    Winning at once:   "Pick 2, then declare 2 + 4 = 6: you win at once."
    Winning later:     "Play 8 × 1 = 8: every reply loses; you win in 3 more moves with
                        best play."
    Losing:            "Every move loses against best play; this one holds out longest:
                        3 more moves. Divide by 3: 27 ÷ 3 = 9."
    Losing, all alike: "Every move loses against best play, all alike: 2 more moves.
                        Divide by 3: 27 ÷ 3 = 9."
    `moves` is the solver's count (both players' moves, this one included); the sentence
    counts the mover's own.
    """
    described = describe_move(game_id, state, move, voice)
    effect = move_effect(game_id, state, move, voice)
    sep = separator(game_id)
    sentence = f"{described}{sep}{effect}." if effect else f"{described}."
    own = own_moves(moves, True)
    if winner == mover:
        if moves <= 1:
            return sentence if effect else f"{described}{sep}{voice.does(mover, 'win')} at once."
        wins = voice.does(mover, "win")
        return f"{described}{sep}every reply loses; {wins} in {more_moves(own)} with best play."
    if alike:
        return f"Every move loses against best play, all alike: {more_moves(own)}. {sentence}"
    return (
        "Every move loses against best play; this one holds out longest: "
        f"{more_moves(own)}. {sentence}"
    )


def verdict_line(
    winner: PlayerNo, to_move: PlayerNo, moves: int, voice: Voice | None = None
) -> str:
    """Who wins from a position with best play, counted in the winner's own moves (the
    solver's `moves` count both players'):
    `Player 1, to move, wins with best play in 3 moves.` or
    `Player 2, to move, loses against best play: Player 1 wins in 2 moves.`"""
    voice = voice or Voice()
    mover = capitalized(voice.subject(to_move))
    own = own_moves(moves, winner == to_move)
    if winner == to_move:
        verb = "win" if to_move == voice.you else "wins"
        return f"{mover}, to move, {verb} with best play in {moves_text(own)}."
    won = voice.does(winner, "win")
    if own == 0:
        return f"{mover}, to move, loses against best play: the move ends the game."
    return f"{mover}, to move, loses against best play: {won} in {moves_text(own)}."
