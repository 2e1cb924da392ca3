"""The solver's verdicts in words: hints, the analysis and `solve`. The solver counts plies;
players count their own moves ("you win on your 3rd move, counting this one").
"""

from __future__ import annotations

from typing import Any

from rules.base import PlayerNo
from rules.words.common import capitalized, counted, moves_text, own_moves
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
    """The best move and what it achieves, to the mover (`voice.you`) or a bystander:
    "Play 8 × 1 = 8: every reply loses; with best play you win on your 3rd move, counting
    this one." `moves` is the solver's count (plies, this move included)."""
    described = describe_move(game_id, state, move, voice)
    effect = move_effect(game_id, state, move, voice)
    sep = separator(game_id)
    sentence = f"{described}{sep}{effect}." if effect else f"{described}."
    if winner == mover:
        if moves <= 1:
            return sentence if effect else f"{described}{sep}{voice.does(mover, 'win')} at once."
        return f"{described}{sep}{_winning_later(mover, moves, voice)}."
    if moves <= 1:
        return f"Every move ends the game and loses. {sentence}"
    how = "all alike" if alike else "this one holds out longest"
    joint = ", " if alike else "; "
    return (
        f"Every move loses against best play{joint}{how}: "
        f"{_losing_end(mover, winner, moves, voice)}. {sentence}"
    )


def _your_move(mover: PlayerNo, count: int, voice: Voice) -> str:
    """The mover's `count`th own move, the one advised being the first: `your next move`
    (the one after it), `your 3rd move, counting this one`."""
    if count == 2:
        return voice.owned(mover, "next move")
    return f"{voice.owned(mover, counted(count) + ' move')}, counting this one"


def _winning_later(mover: PlayerNo, moves: int, voice: Voice) -> str:
    """After a move that wins in `moves` plies (at least 2): `every reply loses; with best
    play you win on your next move`, `… after your 3rd move, counting this one` (the
    other's reply ends it), or `every reply ends the game, and you win`."""
    wins = voice.does(mover, "win")
    own = own_moves(moves, True)
    if moves % 2 == 0 and own == 1:
        return f"every reply ends the game, and {wins}"
    when = "on" if moves % 2 else "after"
    return f"every reply loses; with best play {wins} {when} {_your_move(mover, own, voice)}"


def _losing_end(mover: PlayerNo, winner: PlayerNo, moves: int, voice: Voice) -> str:
    """How a lost game ends after this move with best play (`moves` plies, at least 2):
    `Bob's next move wins`, `Bob's 3rd move from now wins`, or `the game ends on your
    next move, and Bob wins`."""
    if moves % 2 == 0:  # the winner's move ends the game
        theirs = own_moves(moves, False)
        if theirs == 1:
            return f"{voice.owned(winner, 'next move')} wins"
        return f"{voice.owned(winner, counted(theirs) + ' move')} from now wins"
    last = _your_move(mover, own_moves(moves, True), voice)
    return f"the game ends on {last}, and {voice.does(winner, 'win')}"


def verdict_line(
    winner: PlayerNo, to_move: PlayerNo, moves: int, voice: Voice | None = None
) -> str:
    """Who wins with best play, in the winner's own moves: `Player 2, to move, loses
    against best play: Player 1 wins in 2 moves.`"""
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
