"""Equation Conquest (seed 003): every example and every ruling."""

from __future__ import annotations

import itertools

import pytest

from rules.base import IllegalMove, MoveSyntaxError
from rules.conquest import GAME, ConquestMove, ConquestOptions, completing_numbers, equations_of
from rules.words.outcome import record_reason

DECLARE = ConquestOptions(declare=True)


def test_seed_example_game_play_2_3_5_player_1_wins() -> None:
    state = GAME.replay(None, ["2", "3"])
    assert GAME.outcome(state) is None  # "not enough numbers to form an equation"
    state = GAME.play_text(state, "5")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1
    assert record_reason(outcome) == "2 + 3 = 5 formed"


def test_seed_valid_equation_examples() -> None:
    assert "3+4=7" in equations_of(3, 4, 7)
    assert "6/2=3" in equations_of(6, 2, 3)


def test_seed_scenario_1_no_equation_4_7_9() -> None:
    assert equations_of(4, 7, 9) == []
    state = GAME.replay(None, ["4", "7", "9"])
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == 2


def test_seed_scenario_2_six_two_three_divides() -> None:
    assert equations_of(6, 2, 3) == ["6/2=3", "6=2*3"]
    state = GAME.replay(None, ["6", "2", "3"])
    outcome = GAME.outcome(state)
    assert outcome is not None and record_reason(outcome) == "6 ÷ 2 = 3 formed"


def test_ruling_notation_is_the_number_appended() -> None:
    assert GAME.parse_move("5") == ConquestMove(number=5)
    assert GAME.format_move(ConquestMove(number=5)) == "5"
    assert GAME.parse_move("5:2+3=5") == ConquestMove(number=5, declaration="2+3=5")
    assert GAME.format_move(ConquestMove(number=5, declaration="2+3=5")) == "5:2+3=5"
    for bad in ("", "x", "five", "-1", "1.5", "٣"):
        with pytest.raises(MoveSyntaxError):
            GAME.parse_move(bad)


def test_ruling_any_number_1_to_9_repeats_freely() -> None:
    state = GAME.replay(None, ["7", "7"])
    assert state.sequence == (7, 7)
    for bad in (0, 10):
        with pytest.raises(IllegalMove, match="choose a number from 1 to 9"):
            GAME.play(state, ConquestMove(number=bad))


def test_ruling_a_op_b_equals_c_or_a_equals_b_op_c_no_reordering() -> None:
    assert equations_of(8, 4, 2) == ["8/4=2", "8=4*2"]  # a = b op c as well
    assert equations_of(9, 3, 6) == ["9-3=6", "9=3+6"]
    assert equations_of(5, 3, 2) == ["5-3=2", "5=3+2"]
    assert equations_of(2, 5, 3) == ["2=5-3"]  # 5 - 3 = 2, read as a = b op c
    assert equations_of(3, 5, 2) == ["3=5-2"]  # never 3 + 2 = 5: that reorders
    assert equations_of(7, 2, 3) == []  # 7 ÷ 2 is 7/2, exact division only


def test_ruling_only_the_last_three_numbers_count() -> None:
    state = GAME.replay(None, ["2", "3", "9", "5"])  # 2 3 5 are not the last three
    assert GAME.outcome(state) is None


def test_ruling_default_the_game_finds_the_equation() -> None:
    state = GAME.replay(None, ["6", "2", "3"])
    assert state.equation == "6/2=3"
    assert state.winner == 1


def test_ruling_declare_variant_requires_the_statement() -> None:
    missing = GAME.replay(DECLARE, ["2", "3", "5"])
    assert GAME.outcome(missing) is None
    assert missing.note is not None and "forfeited (no equation was stated)" in missing.note
    assert GAME.to_move(missing) == 2
    won = GAME.replay(DECLARE, ["2", "3", "5:2+3=5"])
    outcome = GAME.outcome(won)
    assert (
        outcome is not None
        and outcome.winner == 1
        and record_reason(outcome) == "2 + 3 = 5 declared"
    )


@pytest.mark.parametrize(
    ("statement", "problem"),
    [
        ("2*3=5", "2 × 3 = 5 was stated, but it does not balance"),
        ("3+2=5", "the equation must use the last three numbers 2, 3, 5 in order"),
        ("(2+3)=5", "state it as a op b = c or a = b op c"),
        ("2+3", "state it as a op b = c or a = b op c"),
        ("2+3=5+0", "state it as a op b = c or a = b op c"),
        ("hello", "'h' is not allowed in an equation"),
    ],
)
def test_ruling_declare_variant_wrong_statement_forfeits(statement: str, problem: str) -> None:
    state = GAME.replay(DECLARE, ["2", "3", f"5:{statement}"])
    assert GAME.outcome(state) is None
    assert state.note is not None and problem in state.note
    # play goes on, and the next player can still win from the sequence
    state = GAME.play_text(state, "2:3=5-2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2


def test_ruling_declare_variant_accepts_either_form_and_spelling() -> None:
    for statement in ("8=4*2", "8=4×2", "8=4x2", "8/4=2", "8÷4=2"):
        state = GAME.replay(DECLARE, ["8", "4", f"2:{statement}"])
        assert state.winner == 1, statement


def test_ruling_declaration_without_declare_variant_is_refused() -> None:
    with pytest.raises(IllegalMove, match="equations are found for you"):
        GAME.replay(None, ["2", "3", "5:2+3=5"])


@pytest.mark.parametrize("moves", [["2:2=2"], ["2", "3:1+2=3"], ["2", "3:2+1=3"]])
def test_ruling_a_statement_before_three_numbers_is_refused_not_played(moves: list[str]) -> None:
    # every front end plays through the rules: --moves, solve --moves, the full screen
    with pytest.raises(IllegalMove, match="needs three numbers in the sequence") as refused:
        GAME.replay(DECLARE, moves)
    assert f"it holds {len(moves)}: give the number alone" in str(refused.value)
    state = GAME.replay(DECLARE, [m.partition(":")[0] for m in moves])  # the number alone
    assert len(state.sequence) == len(moves) and state.note is None


def test_ruling_fact_every_pair_can_be_completed() -> None:
    for a, b in itertools.product(range(1, 10), repeat=2):
        c = 1 if a == b else abs(a - b)
        assert equations_of(a, b, c), (a, b, c)
        assert c in completing_numbers(a, b)


def test_ruling_third_move_always_wins_with_best_play() -> None:
    for a, b in itertools.product(range(1, 10), repeat=2):
        state = GAME.replay(None, [str(a), str(b)])
        wins = [m for m in GAME.legal_moves(state) if GAME.outcome(GAME.play(state, m))]
        assert wins


def test_ruling_player_1_first_unless_setup_says_otherwise() -> None:
    assert GAME.to_move(GAME.new()) == 1
    state = GAME.replay(ConquestOptions(first=2), ["2", "3", "5"])
    assert state.winner == 2


def test_game_over_refuses_moves_and_has_none() -> None:
    state = GAME.replay(None, ["2", "3", "5"])
    assert GAME.legal_moves(state) == []
    with pytest.raises(IllegalMove):
        GAME.play_text(state, "1")


def test_declare_legal_moves_carry_the_winning_statement() -> None:
    state = GAME.replay(DECLARE, ["2", "3"])
    moves = {m.number: m for m in GAME.legal_moves(state)}
    assert moves[5].declaration == "2+3=5"
    assert moves[4].declaration is None
