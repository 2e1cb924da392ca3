"""Hints and the post-game analysis."""

from __future__ import annotations

import random

import pytest

from rules.analysis import Chance, analyse, hint
from rules.base import IllegalMove
from rules.registry import get_game
from rules.solver.core import move_values, solve
from rules.words.analysis import hastened_line, refutation_text

SOLVED = ("collect", "template", "fifty", "conquest")


def test_hint_in_a_won_position_names_a_winning_move() -> None:
    state = get_game("template").new()
    given = hint("template", state)
    assert given.move in solve("template", state).best_moves
    assert given.move == "1@2.3"
    assert given.text == (
        "Put 1 in Player 2's third slot: every reply loses; with best play you win after your "
        "3rd move, counting this one."
    )
    assert (given.winner, given.plies) == (1, 6)


def test_hint_takes_a_win_at_once() -> None:
    state = get_game("conquest").replay(None, ["4", "2"])
    given = hint("conquest", state)
    wins = {"2": "4 − 2 = 2", "6": "4 + 2 = 6", "8": "4 × 2 = 8"}  # each wins at once
    assert given.move in wins
    assert (
        given.text == f"Add {given.move} to the sequence: it forms {wins[given.move]} and you win."
    )
    assert given.plies == 1


def test_hint_in_a_lost_position_whose_moves_all_lose_alike() -> None:
    """Every reply lets the first player complete at once: no move holds out longer, so
    the hint says so rather than "this one holds out longest" (issue 24)."""
    state = get_game("conquest").replay(None, ["5"])
    given = hint("conquest", state)
    assert given.winner == 1
    assert given.move == "8"
    assert given.text == (
        "Every move loses against best play, all alike: Player 1's next move wins. "
        "Add 8 to the sequence."
    )


def test_hint_when_the_game_is_over() -> None:
    state = get_game("conquest").replay(None, ["1", "2", "3"])
    given = hint("conquest", state, ("Ada", "Bob"))
    assert given.move is None
    assert given.text == "The game is over: Ada wins: 1 + 2 = 3 formed."


@pytest.mark.parametrize("game_id", SOLVED)
def test_hint_is_a_perfect_move(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(game_id)
    for _ in range(10):
        state = game.new()
        for _ in range(rng.randint(0, 4)):
            if game.outcome(state) is not None:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is not None:
            continue
        given = hint(game_id, state)
        solution = solve(game_id, state)
        assert given.move is not None
        assert move_values(game_id, state)[given.move] == (solution.winner, solution.plies - 1)


def test_analysis_of_the_template_walkthrough() -> None:
    """RULINGS.md's walkthrough: Player 1 wins 39 to 36, after a first move that loses."""
    moves = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]
    analysis = analyse("template", None, moves)
    assert analysis.winner == 1
    assert analysis.start == (1, 6)
    assert analysis.first_mistake == 0
    first = analysis.moves[0]
    assert (first.mover, first.move, first.throws_away_win, first.keeps_win) == (
        1,
        "9@1.1",
        True,
        False,
    )
    assert first.best_moves == ("1@2.2", "1@2.3")
    for judged in analysis.moves:
        mover = judged.mover
        assert judged.keeps_win == (judged.before[0] == mover and judged.after[0] == mover)
        assert judged.throws_away_win == (judged.before[0] == mover != judged.after[0])
    assert analysis.moves[-1].after == (1, 0)
    assert analysis.chances == ()


def test_analysis_values_match_the_solver() -> None:
    game = get_game("fifty")
    moves = ["6*7", "9-5", "2+8"]
    analysis = analyse("fifty", None, moves)
    states = game.history(None, moves)
    for judged, state in zip(analysis.moves, states, strict=False):
        solution = solve("fifty", state)
        assert judged.before == (solution.winner, solution.plies)
    assert analysis.first_mistake == 2  # 42 + 10 = 52 goes over, when 8 × 1 hit 50
    assert analysis.winner == 2


def test_collect_chances_say_when_an_equation_was_there() -> None:
    moves = ["1", "2", "3", "4", "5", "6", "7"]
    analysis = analyse("collect", None, moves)
    assert Chance(player=2, index=5, equation="2+4=6", taken=False) in analysis.chances
    assert analysis.winner is None


def test_collect_chances_mark_a_declared_equation() -> None:
    analysis = analyse("collect", None, ["1", "5", "2", "7", "3:1+2=3"])
    assert analysis.chances[-1] == Chance(player=1, index=4, equation="1+2=3", taken=True)
    assert analysis.winner == 1


def test_conquest_chances_list_missed_completions() -> None:
    analysis = analyse("conquest", None, ["1", "1", "5", "3", "2"])
    assert analysis.chances == (
        Chance(player=1, index=2, equation="1*1=1", taken=False),
        Chance(player=2, index=3, equation="1=5-4", taken=False),
        Chance(player=1, index=4, equation="5-3=2", taken=True),
    )
    assert analysis.first_mistake == 2


def test_analysis_refuses_an_illegal_move_by_name() -> None:
    with pytest.raises(IllegalMove, match=r"move 2 \('7'\)"):
        analyse("collect", None, ["7", "7"])


def test_a_move_that_shortens_a_lost_game_is_a_mistake() -> None:
    """Bob is lost after 6 × 7; 9 × 8 = 72 goes over at once when longer defences were
    there: a mistake too, with the moves that held out longest."""
    analysis = analyse("fifty", None, ["6*7", "9*8"])
    first, second = analysis.moves
    assert first.keeps_win and not first.mistake
    assert second.hastens_loss and second.mistake and not second.throws_away_win
    assert analysis.first_mistake == 1
    values = move_values("fifty", get_game("fifty").replay(None, ["6*7"]))
    longest = max(plies for _, plies in values.values())
    assert second.best_moves and all(values[m][1] == longest for m in second.best_moves)
    assert second.refutation == ()  # the game is over: nothing to refute with
    line = hastened_line(
        "fifty",
        get_game("fifty").replay(None, ["6*7"]),
        2,
        "9*8",
        second.before,
        second.after,
        second.best_moves,
        ("Ann", "Bob"),
    )
    assert second.before == (1, 2)  # Bob's own moves: this one, then Ann wins
    assert line.startswith("move 2, Bob played 9 × 8 = 72 and let Ann win there and then; ")
    assert "; Bob could have held out for 1 more move; " in line
    assert " held out that long, such as 2 × 1 = 2" in line
    assert "1 × 2 = 2" not in line  # the same choice as 2 × 1, said once


def test_a_mistake_carries_its_refutation() -> None:
    """Collect: with move 5 Ann holds 5 3 2 but declares nothing and throws her win away;
    the refutation is Bob's best reply and best play after it, to the end."""
    game = get_game("collect")
    moves = ["5", "9", "3", "8", "2"]
    analysis = analyse("collect", None, moves)
    mistake = analysis.moves[4]
    assert mistake.throws_away_win and mistake.refutation
    state = game.replay(None, moves)
    for move in mistake.refutation:  # a line that can be played
        assert game.to_move(state) in (1, 2)
        state = game.play_text(state, move)
    assert len(mistake.refutation) == 8 or game.outcome(state) is not None
    text = refutation_text("collect", game.replay(None, moves), mistake.refutation, ("Ann", "Bob"))
    assert text.startswith("Bob replies ")
    assert text.endswith((": Bob wins.", ", …"))
