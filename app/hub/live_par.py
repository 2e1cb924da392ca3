"""Team mode of the live rounds (issue 39): the class against the computer's par.

The par is what the class would find if the computer at medium level (`rules.players`)
answered in each asked student's place: it takes a win at once when there is one, and
otherwise plays at random among the moves that hand the opponent no win at once. On
each puzzle the solver says exactly how often that finds a winning move (the winning
moves among those it picks from, out of all it picks from), so a round's par is that
share times the students asked: a puzzle the medium computer solves 2 times in 5, put
to 30 students, has a par of 12 right answers. The class beats par when its right
answers are more than the par of the rounds so far (docs/classroom.md says it for the
teacher). Speed never counts in it.
"""

from __future__ import annotations

from typing import Any

from rules.players import hands_over, wins_at_once
from rules.registry import get_game


def medium_finds(game_id: str, state: Any, winners: dict[str, Any]) -> float:
    """How often (0 to 1) the medium computer plays a winning move in `state`; `winners`:
    each legal move (notation) -> the winner with best play after it (the solver's)."""
    game = get_game(game_id)
    mover = game.to_move(state)
    moves = game.legal_moves(state)
    if not moves:
        return 0.0
    if any(wins_at_once(game, state, move) for move in moves):
        return 1.0  # (it takes one, and every such move wins)
    picked = [move for move in moves if not hands_over(game, state, move)] or moves
    found = sum(1 for move in picked if winners.get(str(game.format_move(move))) == mover)
    return found / len(picked)


def par_words(par: float) -> str:
    """A par as said: a whole number when it is one, else one decimal ("12", "17.5")."""
    return f"{par:.0f}" if abs(par - round(par)) < 0.05 else f"{par:.1f}"


def team_words(team: int, par: float) -> str:
    """The class against the par, in a sentence: "The class: 23 right answers against
    the computer's par of 17.5: 5.5 above par."""
    right = "1 right answer" if team == 1 else f"{team} right answers"
    gap = team - par
    if abs(gap) < 0.05:
        where = "level with par"
    else:
        where = f"{par_words(abs(gap))} {'above' if gap > 0 else 'below'} par"
    return f"The class: {right} against the computer's par of {par_words(par)}: {where}."
