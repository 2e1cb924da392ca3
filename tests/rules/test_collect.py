"""Collect & Declare (seed 000): every rule, the seed's examples as RULINGS.md corrects
them, the command-line sample, one test per ruling, sudden death, tie-breaks, variants."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from rules.base import IllegalMove, MoveSyntaxError
from rules.collect import (
    GAME,
    VARIANTS,
    CollectMove,
    CollectOptions,
    CollectState,
)
from rules.equation.check import check_equation
from rules.words.outcome import record_reason


def play(moves: str, options: CollectOptions | None = None) -> CollectState:
    return GAME.replay(options, moves.split())


def holding(
    p1: tuple[int, ...],
    p2: tuple[int, ...],
    to_move: int = 1,
    options: CollectOptions | None = None,
) -> CollectState:
    """A draft state where the players hold these numbers (the rest is in the pool)."""
    options = options or CollectOptions()
    pool = tuple(n for n in options.numbers() if n not in p1 + p2)
    return CollectState(options=options, pool=pool, collected=(p1, p2), to_move=to_move)


def declare(state: CollectState, pick: int | None, equation: str) -> CollectState:
    return GAME.play(state, CollectMove(pick=pick, declaration=equation))


# The seed's examples and command-line sample ------------------------------------------


def test_seed_example_1_corrected() -> None:
    state = play("5 3")
    assert state.collected == ((5,), (3,))
    # Turn 3: Player 1 selects 2 and declares 5 - 2 = 3: invalid, no 3.
    state = GAME.play_text(state, "2:5-2=3")
    assert state.collected == ((5, 2), (3,))
    assert state.last_valid is False
    assert state.note == "Equation is invalid (you do not have number 3). Turn ends."
    # Turn 4: Player 2 selects 7 and declares 7 - 3 = 4: invalid, no 4.
    state = GAME.play_text(state, "7:7-3=4")
    assert state.collected == ((5, 2), (3, 7))
    assert state.note == "Equation is invalid (you do not have number 4). Turn ends."
    assert GAME.outcome(state) is None
    # Turn 5 as printed: Player 1 selects 3, which Player 2 has taken: refused.
    with pytest.raises(IllegalMove, match="3 has been taken"):
        GAME.play_text(state, "3:5-2=3")
    assert GAME.to_move(state) == 1
    # The verdicts the example gives still hold, with the numbers as listed.
    assert not check_equation("5 - 2 = 3", [5, 2]).valid
    assert check_equation("5 - 2 = 3", [5, 2]).reason == "you do not have number 3"
    assert not check_equation("7 - 3 = 4", [3, 7]).valid
    assert check_equation("7 - 3 = 4", [3, 7]).reason == "you do not have number 4"
    assert check_equation("5 - 2 = 3", [5, 2, 3]).valid


def test_seed_example_2_corrected() -> None:
    state = play("4 5 6 3")
    assert state.collected == ((4, 6), (5, 3))
    state = GAME.play_text(state, "2:6÷2=3")
    assert state.collected == ((4, 6, 2), (5, 3))
    assert state.last_declaration == "6/2=3"
    assert state.note == "Equation is invalid (you do not have number 3). Turn ends."
    state = GAME.play_text(state, "1:(5+1)×3=18")
    assert state.collected == ((4, 6, 2), (5, 3, 1))
    assert state.note == "Equation is invalid (you do not have number 18). Turn ends."
    with pytest.raises(IllegalMove, match="3 has been taken"):
        GAME.play_text(state, "3:6/2=3")
    assert not check_equation("6 ÷ 2 = 3", [4, 6, 2]).valid
    assert check_equation("6 ÷ 2 = 3", [4, 6, 2]).reason == "you do not have number 3"
    assert not check_equation("(5 + 1) × 3 = 18", [5, 3, 1]).valid
    assert check_equation("(5 + 1) × 3 = 18", [5, 3, 1]).reason == "you do not have number 18"
    assert check_equation("6 ÷ 2 = 3", [4, 6, 2, 3]).valid


def test_seed_command_line_sample() -> None:
    state = play("4 5")
    assert state.pool == (1, 2, 3, 6, 7, 8, 9)
    state = GAME.play_text(state, "6:6-4=2")
    assert state.note == "Equation is invalid (you do not have number 2). Turn ends."
    state = GAME.play_text(state, "3:5+3=8")
    assert state.note == "Equation is invalid (you do not have number 8). Turn ends."
    assert state.pool == (1, 2, 7, 8, 9)
    assert state.collected == ((4, 6), (5, 3))
    state = GAME.play_text(state, "2:6-4=2")
    assert state.note == "Equation is valid! Player 1 wins the game!"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1
    assert record_reason(outcome) == "6 − 4 = 2 balances"
    assert GAME.legal_moves(state) == []


# Rulings --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("7", CollectMove(pick=7)),
        ("3:5-2=3", CollectMove(pick=3, declaration="5-2=3")),
        (":5-2=3", CollectMove(declaration="5-2=3")),
        (":", CollectMove()),
        ("12:3*4=12", CollectMove(pick=12, declaration="3*4=12")),
        ("6:(6-4)/2=1", CollectMove(pick=6, declaration="(6-4)/2=1")),
    ],
)
def test_ruling_notation(text: str, move: CollectMove) -> None:
    assert GAME.parse_move(text) == move
    assert GAME.format_move(move) == text
    assert GAME.parse_move(GAME.format_move(move)) == move


def test_ruling_notation_accepts_both_operator_spellings_and_writes_ascii() -> None:
    move = GAME.parse_move("9:(5 + 1) × 3 ÷ 2 − 4 = 5")
    assert move.declaration == "(5+1)*3/2-4=5"
    assert GAME.format_move(move) == "9:(5+1)*3/2-4=5"
    assert GAME.parse_move("9:3x3=9").declaration == "3*3=9"
    assert GAME.parse_move("7:") == CollectMove(pick=7)  # nothing after ':' is no declaration


@pytest.mark.parametrize("text", ["", "   ", "abc", "7a", "-3", "+3", "٧", "3.5", "1234567"])
def test_notation_refuses_text_that_is_not_a_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        GAME.parse_move(text)


def test_ruling_pick_is_mandatory_while_the_pool_is_not_empty() -> None:
    state = GAME.new()
    with pytest.raises(IllegalMove, match="select a number first"):
        GAME.play(state, CollectMove())
    with pytest.raises(IllegalMove, match=r"available numbers: \[1, 2, 3, 4, 5, 6, 7, 8, 9\]"):
        GAME.play(state, CollectMove(declaration="1+2=3"))


def test_ruling_one_declaration_per_turn() -> None:
    state = play("1 4 2")
    state = declare(state, 5, "1+4=5")  # Player 2's declaration is for this turn only
    assert state.last_valid is False
    assert GAME.to_move(state) == 1
    # Player 2 cannot declare again before their next pick: it is Player 1's turn now,
    # and a turn without a pick (a second declaration) is refused.
    with pytest.raises(IllegalMove, match="one declaration per turn"):
        GAME.play(state, CollectMove(declaration="1+2=3"))
    # A turn's text holding two declarations is refused (RULINGS.md): nothing is used up.
    with pytest.raises(IllegalMove, match="one declaration per turn"):
        GAME.play_text(state, "3:1+2=3:1+2=3")


def test_ruling_taken_number_is_refused() -> None:
    state = play("5 3")
    with pytest.raises(IllegalMove) as caught:
        GAME.play_text(state, "3")
    assert str(caught.value) == "3 has been taken; available numbers: [1, 2, 4, 6, 7, 8, 9]"
    with pytest.raises(IllegalMove, match="5 has been taken"):
        GAME.play_text(state, "5")


@pytest.mark.parametrize("pick", [0, 10, 12, 99])
def test_numbers_outside_the_pool_are_refused(pick: int) -> None:
    with pytest.raises(IllegalMove, match=rf"{pick} is not in the pool \(numbers 1 to 9\)"):
        GAME.play(GAME.new(), CollectMove(pick=pick))


@pytest.mark.parametrize(
    "equation",
    [
        "-2+5=3",  # unary minus
        "+2+1=3",  # unary plus
        "2**1=2",  # exponent
        "2^1=2",
        "1.5+1.5=3",  # decimal point
        "2(1)=2",  # implicit multiplication
        "1+2",  # no '='
        "1+2=3=3",  # two '='
        "=3",  # an empty side
        "1+2=3;",  # another character
        "a+b=c",
    ],
)
def test_ruling_what_an_equation_may_hold(equation: str) -> None:
    state = declare(holding((1, 2, 5), (4, 6)), 3, equation)
    assert state.last_valid is False
    assert GAME.outcome(state) is None
    assert state.note == f"Equation is invalid ({state.last_reason}). Turn ends."
    assert check_equation(equation, (1, 2, 5, 3)).kind == "malformed"


def test_ruling_ascii_digits_only_and_at_most_200_characters() -> None:
    state = declare(holding((1, 2), (4, 6)), 3, "１+2=3")  # full-width digit
    assert state.last_valid is False
    long = "(" * 150 + "1+2" + ")" * 150 + "=3"
    state = declare(holding((1, 2), (4, 6)), 3, long)
    assert state.last_valid is False
    assert state.last_reason is not None and "too long" in state.last_reason
    assert GAME.to_move(state) == 2  # it is still a move: the turn ends
    assert state.collected == ((1, 2, 3), (4, 6))
    deep = "(" * 98 + "3" + ")" * 98 + "=12"  # 200 characters: read, then judged
    assert len(deep) == 200
    state = declare(holding((1, 2), (4, 6)), 3, deep)
    assert state.last_valid is False
    assert state.last_reason == "you do not have number 12"
    deep = "(" * 97 + "1+2" + ")" * 97 + "=3"
    assert GAME.outcome(declare(holding((1, 2), (4, 6)), 3, deep)) is not None


def test_ruling_each_collected_number_at_most_once_and_not_all_needed() -> None:
    state = declare(holding((2, 8), (1, 6)), 4, "2+2=4")
    assert state.last_valid is False
    assert state.last_reason is not None
    assert GAME.outcome(declare(holding((2, 8), (1, 6)), 4, "8/2=4")) is not None  # 2 unused


def test_ruling_exact_evaluation_and_division_by_zero() -> None:
    won = declare(holding((6, 4, 3), (1, 5)), 2, "6÷4=3÷2")
    outcome = GAME.outcome(won)
    assert outcome is not None and outcome.winner == 1
    assert record_reason(outcome) == "6 ÷ 4 = 3 ÷ 2 balances"
    state = declare(holding((1, 2, 3, 5), (6, 7)), 4, "5/(3-1-2)=4")
    assert state.last_valid is False
    assert state.note == f"Equation is invalid ({state.last_reason}). Turn ends."
    assert check_equation("5/(3-1-2)=4", (1, 2, 3, 4, 5)).kind == "zero-division"


def test_ruling_invalid_declaration_ends_the_turn_without_other_penalty() -> None:
    before = holding((5, 2), (3,))
    after = declare(before, 1, "5+2=1")
    assert after.collected == ((5, 2, 1), (3,))  # the pick stands
    assert after.pool == before.pool[1:]
    assert GAME.to_move(after) == 2
    verdict = check_equation("5+2=1", (5, 2, 1))
    assert verdict.kind == "unequal"
    assert after.note == f"Equation is invalid ({verdict.reason}). Turn ends."


@pytest.mark.parametrize(
    ("equation", "kind"),
    [
        ("5+9=", "malformed"),  # malformed comes before a number you do not have
        ("9/(5-2-3)=1", "not-owned"),  # a number you do not have before division by zero
        ("7/(3-1-2)=5", "zero-division"),  # division by zero before unequal sides
        ("5-2=1", "unequal"),
    ],
)
def test_ruling_first_reason_in_order(equation: str, kind: str) -> None:
    numbers = (5, 2, 3, 7, 1)
    state = declare(holding((5, 2, 3, 7), (4, 6)), 1, equation)
    verdict = check_equation(equation, numbers)
    assert verdict.kind == kind
    assert state.last_reason == verdict.reason
    assert state.note == f"Equation is invalid ({verdict.reason}). Turn ends."


def test_ruling_sudden_death_when_the_pool_is_exhausted() -> None:
    state = play("1 2 3 4 5 6 7 8")
    assert state.phase == "draft"
    state = GAME.play_text(state, "9")
    assert state.pool == ()
    assert state.phase == "sudden-death"
    assert state.note is not None and "sudden death" in state.note
    # Player 1 took the last pick, so Player 2 would have picked next and starts.
    assert GAME.to_move(state) == 2
    assert GAME.legal_moves(state)[0] == CollectMove()
    assert all(move.pick is None for move in GAME.legal_moves(state))
    with pytest.raises(IllegalMove, match="no numbers can be selected in sudden death"):
        GAME.play(state, CollectMove(pick=9))
    for turn, player in enumerate([2, 1, 2, 1], start=1):
        assert GAME.outcome(state) is None
        assert GAME.to_move(state) == player
        state = GAME.play_text(state, ":")
        assert state.sudden_death_turns == turn
    outcome = GAME.outcome(state)
    assert outcome is not None
    # Player 1 holds 1 3 5 7 9 (25), Player 2 holds 2 4 6 8 (20).
    assert outcome.winner == 1
    assert record_reason(outcome) == (
        "no valid equation after sudden death; higher sum of collected numbers, 25 to 20"
    )
    assert GAME.legal_moves(state) == []


def test_ruling_sudden_death_starts_with_the_player_who_would_have_picked_next() -> None:
    small = CollectOptions(pool=(1, 4))
    assert GAME.to_move(play("1 2 3 4", small)) == 1
    assert GAME.to_move(play("1 2 3", CollectOptions(pool=(1, 3)))) == 2
    assert GAME.to_move(play("1 2 3", CollectOptions(pool=(1, 3), first=2))) == 1


def test_ruling_sudden_death_valid_declaration_wins() -> None:
    state = play("1 2 4 3 6 5 7 8 9 : :")
    assert state.phase == "sudden-death"
    assert GAME.to_move(state) == 2  # Player 2 holds 2 3 5 8 ; third sudden-death turn
    state = GAME.play_text(state, ":5-3=2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2
    assert record_reason(outcome) == "5 − 3 = 2 balances"


def test_ruling_sudden_death_invalid_declaration_uses_the_turn() -> None:
    state = play("1 2 4 3 6 5 7 8 9")
    state = GAME.play_text(state, ":5+3=2")
    assert state.last_valid is False
    assert state.sudden_death_turns == 1
    assert GAME.to_move(state) == 1


def test_ruling_sudden_death_higher_sum_wins_player_2() -> None:
    state = play("1 9 2 8 3 7 4 6 5 : : : :")
    outcome = GAME.outcome(state)  # Player 1: 1 2 3 4 5 = 15, Player 2: 9 8 7 6 = 30
    assert outcome is not None and outcome.winner == 2
    assert record_reason(outcome).endswith("30 to 15")


def test_ruling_equal_sums_the_largest_number_wins() -> None:
    state = play("1 2 4 3 : : : :", CollectOptions(pool=(1, 4)))
    outcome = GAME.outcome(state)  # 1 + 4 = 5 = 2 + 3; Player 1 holds 4
    assert outcome is not None and outcome.winner == 1
    assert record_reason(outcome) == (
        "no valid equation after sudden death; equal sums (5 each) and "
        "Player 1 holds the largest number, 4"
    )
    state = play("1 2 4 3 6 5 7 8 : : : :", CollectOptions(pool=(1, 8)))
    outcome = GAME.outcome(state)  # 1+4+6+7 = 18 = 2+3+5+8; Player 2 holds 8
    assert outcome is not None and outcome.winner == 2
    assert record_reason(outcome).endswith(
        "equal sums (18 each) and Player 2 holds the largest number, 8"
    )


def test_ruling_valid_declaration_on_the_last_pick_wins_without_sudden_death() -> None:
    state = play("1 2 4 3 6 5 7 8", CollectOptions(pool=(1, 9)))
    state = GAME.play_text(state, "9:1+6=7")
    assert state.phase == "draft"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1


# Variants -------------------------------------------------------------------------------


def test_ruling_variant_extended_pool_12_is_one_number() -> None:
    extended = CollectOptions(pool=(1, 15))
    assert GAME.new(extended).pool == tuple(range(1, 16))
    state = declare(holding((3, 4), (1, 2), options=extended), 12, "3×4=12")
    assert GAME.outcome(state) is not None
    # Without double digits, 12 cannot be made from 1 and 2.
    state = declare(holding((3, 4, 1), (5, 6), options=extended), 2, "3×4=12")
    assert state.last_valid is False
    assert state.last_reason == "you do not have number 12"
    with pytest.raises(IllegalMove, match="12 is not in the pool"):
        GAME.play(GAME.new(), CollectMove(pick=12))


def test_ruling_variant_double_digits_join_1_and_2_into_12_or_21() -> None:
    double = CollectOptions(double_digits=True)
    state = declare(holding((3, 4, 1), (5, 6), options=double), 2, "3×4=12")
    assert GAME.outcome(state) is not None
    state = declare(holding((3, 7, 1), (5, 6), options=double), 2, "3×7=21")
    assert GAME.outcome(state) is not None
    # Each digit is then used up.
    state = declare(holding((1, 2, 3), (5, 6), options=double), 9, "12-3=9")
    assert GAME.outcome(state) is not None
    state = declare(holding((1, 2, 3), (5, 6), options=double), 9, "12-9=3+12-12")
    assert state.last_valid is False
    # Without the variant, joining is refused.
    state = declare(holding((3, 4, 1), (5, 6)), 2, "3×4=12")
    assert state.last_valid is False


def test_ruling_variant_extended_and_double_combine() -> None:
    both = CollectOptions(pool=(1, 15), double_digits=True)
    state = declare(holding((13, 1), (5, 6), options=both), 2, "12+1=13")
    assert state.last_valid is False  # only one 1
    state = declare(holding((13, 1, 2), (5, 6), options=both), 11, "12-11+1=2")
    assert state.last_valid is False  # 1 cannot be used twice
    state = declare(holding((13, 1, 2), (5, 6), options=both), 11, "11+2=13")
    assert GAME.outcome(state) is not None


def test_ruling_variant_plus_minus_refuses_times_and_divide() -> None:
    plus_minus = CollectOptions(ops=("+", "-"))
    state = declare(holding((2, 3), (1, 4), options=plus_minus), 6, "2×3=6")
    assert state.last_valid is False
    assert state.last_reason is not None and "×" in state.last_reason
    state = declare(holding((2, 3), (1, 4), options=plus_minus), 6, "6/3=2")
    assert state.last_valid is False
    state = declare(holding((2, 3), (1, 4), options=plus_minus), 5, "2+3=5")
    assert GAME.outcome(state) is not None
    for move in GAME.legal_moves(holding((2, 3), (1, 4), options=plus_minus)):
        assert move.declaration is None or not set("*/") & set(move.declaration)


def test_variants_are_named_and_combine() -> None:
    assert VARIANTS["standard"] == CollectOptions()
    assert VARIANTS["extended+double+plus-minus"] == CollectOptions(
        pool=(1, 15), double_digits=True, ops=("+", "-")
    )
    assert VARIANTS["player-2-first"].first == 2
    assert GAME.to_move(GAME.new(VARIANTS["player-2-first"])) == 2


# Options --------------------------------------------------------------------------------


@pytest.mark.parametrize("pool", [(0, 9), (1, 16), (9, 1), (0, 0), (16, 20)])
def test_options_refuse_pools_outside_1_to_15(pool: tuple[int, int]) -> None:
    with pytest.raises(
        ValidationError, match="the pool must run from a lowest to a highest number within 1 to 15"
    ):
        CollectOptions(pool=pool)


def test_options_pool_from_text_and_single_number_pool() -> None:
    assert CollectOptions.model_validate({"pool": "1-15"}).pool == (1, 15)
    assert CollectOptions(pool=(5, 5)).numbers() == (5,)
    with pytest.raises(ValidationError, match="LO-HI"):
        CollectOptions.model_validate({"pool": "1 to 9"})


def test_options_ops_canonical_order_and_refusals() -> None:
    assert CollectOptions(ops=("×", "+")).ops == ("+", "*")
    assert CollectOptions.model_validate({"ops": "-+"}).ops == ("+", "-")
    assert CollectOptions.model_validate({"ops": ["−", "+", "+"]}).ops == ("+", "-")
    with pytest.raises(ValidationError, match="at least one operator"):
        CollectOptions(ops=())
    with pytest.raises(ValidationError, match="not an operator"):
        CollectOptions.model_validate({"ops": ["^"]})


# Protocol -------------------------------------------------------------------------------


def test_new_state() -> None:
    state = GAME.new()
    assert state.pool == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert state.collected == ((), ())
    assert state.phase == "draft"
    assert state.note is None
    assert GAME.to_move(state) == 1
    assert GAME.outcome(state) is None


def test_legal_moves_in_the_draft() -> None:
    state = holding((1, 2), (4, 5))
    moves = GAME.legal_moves(state)
    picks = [move.pick for move in moves if move.declaration is None]
    assert picks == list(state.pool)
    declared = [move for move in moves if move.declaration is not None]
    assert declared and any(move.pick == 3 for move in declared)
    for move in declared:
        assert move.pick is not None
        assert check_equation(move.declaration or "", (1, 2, move.pick)).valid
        assert GAME.outcome(GAME.play(state, move)) is not None


def test_collected_numbers_keep_pick_order() -> None:
    state = play("9 1 3 2 7")
    assert state.collected == ((9, 3, 7), (1, 2))
    assert state.pool == (4, 5, 6, 8)


def test_moves_after_the_game_is_over_are_refused() -> None:
    state = play("4 5 6 3 2:6-4=2")
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.play_text(state, "1")


def test_refused_moves_change_nothing() -> None:
    state = play("5 3")
    copy = state.model_copy()
    with pytest.raises(IllegalMove):
        GAME.play_text(state, "3")
    assert state == copy


def test_state_json_round_trip_through_sudden_death() -> None:
    for state in GAME.history(
        CollectOptions(pool=(1, 4)), ["1", "2:1+2=3", "4", "3", ":", ":1+4=5"]
    ):
        assert CollectState.model_validate_json(state.model_dump_json()) == state


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_games_end_and_round_trip(name: str) -> None:
    rng = random.Random(name)
    for _ in range(5):
        state = GAME.new(VARIANTS[name])
        for _ in range(40):
            if GAME.outcome(state) is not None:
                break
            moves = GAME.legal_moves(state)
            assert moves
            move = rng.choice(moves)
            assert GAME.parse_move(GAME.format_move(move)) == move
            state = GAME.play(state, move)
        assert GAME.outcome(state) is not None
        assert GAME.legal_moves(state) == []
