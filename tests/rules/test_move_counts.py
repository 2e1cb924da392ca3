"""Counts of moves in words are each player's own moves, and they are right (issue 24).

Each position below has a known distance to the end with best play (the solver's plies,
both parities, won and lost for the player to move). The game is played out with best
play from both sides, and the hint, the analysis' value and `solve`'s verdict must say
what happened in that play: whose move ended the game, and which of each player's own
moves it was ("your next move", "your 3rd move, counting this one", "Bob's next move").
"""

from __future__ import annotations

import random

import pytest

from rules.analysis import hint
from rules.base import PlayerNo, other
from rules.registry import get_game
from rules.solver.perfect import perfect_choice
from rules.words.advice import verdict_line
from rules.words.analysis import hastened_line, value_text
from rules.words.common import counted, moves_text
from rules.words.voice import Voice

NAMES = ("Ada", "Bob")

#: (game, moves so far, plies to the end with best play, the player to move wins)
POSITIONS = [
    ("fifty", "7*6 5/3 4+2", 1, False),
    ("fifty", "2+1 5-8 3/9", 1, True),
    ("fifty", "8*6", 2, False),
    ("fifty", "9-4 3/6", 2, True),
    ("fifty", "5*6", 3, False),
    ("fifty", "2*5", 3, True),
    ("template", "7@1.1 1@2.3 4@1.2", 3, False),
    ("template", "7@2.1 8@2.2", 4, True),
    ("template", "1@1.2 5@2.1", 4, False),
    ("template", "6@1.1", 5, True),
    ("template", "1@2.3", 5, False),
    ("template", "", 6, True),
    ("collect", "3 4", 3, True),
    ("collect", "2 6 1", 4, False),
    ("collect", "9 4", 5, True),
    ("collect", "9", 6, False),
    ("conquest", "2", 2, False),
]


def played_out(game_id: str, state: object) -> list[PlayerNo]:
    """Who made each move of best play from `state` to the end."""
    game = get_game(game_id)
    movers: list[PlayerNo] = []
    rng = random.Random(0)
    while not game.is_over(state):
        movers.append(game.to_move(state))
        state = game.play_text(state, perfect_choice(game_id, state, rng).move)
    return movers


def expected_hint(movers: list[PlayerNo], winner: PlayerNo) -> str:
    """What the hint must say of the end, from the moves actually played."""
    mover, last = movers[0], movers[-1]
    mine = movers.count(mover)
    yours = "your next move" if mine == 2 else f"your {counted(mine)} move, counting this one"
    other_name = NAMES[other(mover) - 1]  # (the winner, when the mover loses)
    if winner == mover:
        if len(movers) == 1:
            return "you win"
        if last == mover:
            return f"every reply loses; with best play you win on {yours}."
        if mine == 1:
            return ": every reply ends the game, and you win."
        return f"every reply loses; with best play you win after {yours}."
    if len(movers) == 1:
        return "Every move ends the game and loses. "
    if last == winner:
        theirs = movers.count(winner)
        which = "next move" if theirs == 1 else f"{counted(theirs)} move from now"
        return f": {other_name}'s {which} wins. "
    return f": the game ends on {yours}, and {other_name} wins. "


@pytest.mark.parametrize(("game_id", "moves", "plies", "mover_wins"), POSITIONS)
def test_every_count_says_what_best_play_does(
    game_id: str, moves: str, plies: int, mover_wins: bool
) -> None:
    game = get_game(game_id)
    state = game.replay(None, moves.split())
    mover = game.to_move(state)
    given = hint(game_id, state, NAMES)
    assert (given.plies, given.winner == mover) == (plies, mover_wins)
    movers = played_out(game_id, state)
    assert len(movers) == plies  # the solver's distance is the game's length
    assert expected_hint(movers, given.winner) in given.text, given.text

    wins = movers.count(given.winner)  # the winner's own moves, as players count them
    winner = NAMES[given.winner - 1]
    said = value_text((given.winner, plies), mover, NAMES)
    if wins:
        assert said == f"{winner} wins in {moves_text(wins)}"
        assert verdict_line(given.winner, mover, plies, Voice(NAMES)).endswith(
            f" in {moves_text(wins)}."
        )
    else:  # the loser's own last move ends the game
        assert said == f"{winner} wins when {NAMES[mover - 1]}'s move ends the game"


def test_both_parities_are_tried_won_and_lost() -> None:
    kinds = {(plies % 2, wins) for _, _, plies, wins in POSITIONS if plies > 1}
    assert kinds == {(0, True), (0, False), (1, True), (1, False)}


def test_moves_are_numbered_as_players_say_them() -> None:
    assert [counted(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th",
    ]  # fmt: skip


def test_a_computer_s_moves_are_named_without_a_garbled_possessive() -> None:
    state = get_game("collect").replay(None, ["9"])
    given = hint("collect", state, ("Computer (perfect)", "Ada"))  # Ada is lost
    assert "the 3rd move of Computer (perfect) from now wins" in given.text, given.text


def test_a_shortened_loss_counts_the_winner_s_own_moves() -> None:
    """After the mistake the winner moves next: 1 move to the end is "at once", 2 (the
    winner's, then the loser's last) is 1 of the winner's, 5 is 3 of them."""
    state = get_game("fifty").replay(None, ["6*7"])
    said = {
        after: hastened_line("fifty", state, 2, "9*8", (1, 6), (1, after), ("1*2",), NAMES)
        for after in (1, 2, 5)
    }
    assert "let Ada win at once; Bob could have held out for 3 more moves;" in said[1]
    assert "let Ada win in 1 move;" in said[2]
    assert "let Ada win in 3 moves;" in said[5]
