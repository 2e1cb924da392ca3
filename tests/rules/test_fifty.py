"""Exactly Fifty (seed 002): every rule, every seed example, every ruling."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.base import IllegalMove, MoveSyntaxError, Outcome
from rules.fifty import (
    GAME,
    VARIANTS,
    FiftyMove,
    FiftyOptions,
    FiftyState,
    equation_text,
    preview,
    result,
)
from rules.words.outcome import record_reason

TEXT = Path(__file__).resolve().parents[2] / "rules" / "texts" / "fifty.md"


def said(outcome: Outcome | None) -> tuple[int, str] | None:
    """An outcome as (winner, the reason records store)."""
    return None if outcome is None else (outcome.winner, record_reason(outcome))


def play(moves: str, options: FiftyOptions | None = None) -> FiftyState:
    return GAME.replay(options, moves.split())


def snapshot(pool: tuple[int, ...], scores: tuple[int, int], to_move: int = 1) -> FiftyState:
    return FiftyState.model_validate({"pool": pool, "scores": scores, "to_move": to_move})


# --- setup -------------------------------------------------------------------------------


def test_start_position() -> None:
    state = GAME.new()
    assert state.pool == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert state.scores == (0, 0)
    assert GAME.to_move(state) == 1
    assert state.note is None
    assert state.used() == ()
    assert GAME.outcome(state) is None


def test_legal_moves_at_the_start_count_9_times_8_times_4() -> None:
    moves = GAME.legal_moves(GAME.new())
    assert len(moves) == 9 * 8 * 4 == 288
    assert len(set(moves)) == 288
    assert FiftyMove(a=3, op="-", b=8) in moves
    assert FiftyMove(a=8, op="-", b=3) in moves
    assert all(m.a != m.b for m in moves)


def test_legal_moves_shrink_with_the_pool() -> None:
    state = play("6*7")
    assert len(GAME.legal_moves(state)) == 7 * 6 * 4


def test_every_pool_shares_one_model_per_move() -> None:
    # Issue 37: each pool's moves were models of their own (488 bytes a move), so the
    # move cache of random play, the solver and the computer players grew to 1 GB.
    start = GAME.new(FiftyOptions(pool=(1, 15)))
    later = play("14-15", FiftyOptions(pool=(1, 15)))
    first = {(m.a, m.op, m.b): m for m in GAME.legal_moves(start)}
    assert all(m is first[m.a, m.op, m.b] for m in GAME.legal_moves(later))
    assert GAME.legal_moves(later) == [
        FiftyMove(a=a, op=op, b=b)
        for a in range(1, 14)
        for b in range(1, 14)
        if a != b
        for op in ("+", "-", "*", "/")
    ]


# --- seed section 7: the example game ---------------------------------------------------


def test_seed_example_game() -> None:
    state = play("6*7")
    assert state.scores == (42, 0)
    assert state.pool == (1, 2, 3, 4, 5, 8, 9)
    assert state.used() == (6, 7)
    state = play("6*7 9-5")
    assert state.scores == (42, 4)
    assert state.pool == (1, 2, 3, 4, 8)
    assert GAME.to_move(state) == 1
    assert GAME.outcome(state) is None


def test_seed_example_winning_move_goes_over_50_and_loses() -> None:
    state = play("6*7 9-5 8+2")
    assert state.scores == (52, 4)
    assert state.busted == 1
    assert said(GAME.outcome(state)) == (2, "52 is over 50")
    assert GAME.legal_moves(state) == []


def test_seed_example_game_ending_closest_to_50() -> None:
    # Player 1: 42 then 47; Player 2: 45 then 49; only 2 is left.
    state = play("6*7 9*5 8-3 4*1")
    assert state.scores == (47, 49)
    assert state.pool == (2,)
    assert said(GAME.outcome(state)) == (2, "49 is closer to 50 than 47")
    assert state.note == "Only 2 is left: the game ends."
    assert GAME.legal_moves(state) == []


def test_seed_example_turn_4_times_5() -> None:
    state = play("4*5")
    assert state.scores == (20, 0)
    assert 4 not in state.pool and 5 not in state.pool


def test_seed_command_line_turns() -> None:
    state = play("3*8 7+2")
    assert state.scores == (24, 9)
    assert state.pool == (1, 4, 5, 6, 9)


def test_seed_command_line_potential_winning_turn() -> None:
    state = snapshot((1, 4, 5, 6, 9), (45, 9))
    with pytest.raises(IllegalMove, match="different and unused"):
        GAME.play_text(state, "5+5")
    after = GAME.play_text(state, "5+4")
    assert after.scores == (54, 9)
    assert said(GAME.outcome(after)) == (2, "54 is over 50")


# --- calculation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "op", "b", "value"),
    [(3, "+", 8, 11), (3, "-", 8, -5), (8, "-", 3, 5), (6, "*", 7, 42), (7, "/", 2, 3)],
)
def test_result(a: int, op: str, b: int, value: int) -> None:
    assert result(a, op, b) == value  # type: ignore[arg-type]


def test_integer_division_drops_the_remainder() -> None:
    assert result(7, "/", 2) == 3
    assert result(5, "/", 2) == 2  # the seed's rules example
    assert result(2, "/", 7) == 0
    state = play("7/2")
    assert state.scores == (3, 0)
    assert state.note == "Integer division: 7 ÷ 2 = 3, the remainder 1 is dropped."
    assert play("8/4").note is None


def test_negative_results_lower_the_score() -> None:
    state = play("1-9")
    assert state.scores == (-8, 0)
    state = play("1-9 2-8 3-7")
    assert state.scores == (-12, -6)


def test_order_matters_for_minus_and_divide() -> None:
    assert play("8-3").scores == (5, 0)
    assert play("3-8").scores == (-5, 0)
    assert play("8/2").scores == (4, 0)
    assert play("2/8").scores == (0, 0)


def test_preview_gives_result_and_score() -> None:
    state = play("6*7 9-5")
    assert preview(GAME.new(), FiftyMove(a=6, op="*", b=7)) == (42, 42)
    assert preview(state, FiftyMove(a=8, op="+", b=2)) == (10, 52)
    assert preview(state, FiftyMove(a=1, op="-", b=4)) == (-3, 39)
    assert equation_text(FiftyMove(a=6, op="*", b=7), 42) == "6 × 7 = 42"
    assert equation_text(FiftyMove(a=3, op="*", b=8), 24, ascii_ops=True) == "3 * 8 = 24"


def test_exactly_50_wins_at_once() -> None:
    state = play("6*7 3+4 8*1")
    assert state.scores == (50, 7)
    assert state.hit == 1
    assert said(GAME.outcome(state)) == (1, "Player 1 reached exactly 50")
    assert GAME.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="The game is over"):
        GAME.play_text(state, "1+2")


def test_player_2_can_win_on_exactly_50() -> None:
    state = play("1+2 6*7 4+9 5+3")
    assert state.scores == (16, 50)
    assert said(GAME.outcome(state)) == (2, "Player 2 reached exactly 50")


def test_states_are_not_changed_by_play() -> None:
    state = GAME.new()
    GAME.play_text(state, "6*7")
    assert state == GAME.new()


# --- rulings (RULINGS.md, "fifty") -------------------------------------------------------


def test_ruling_notation_a_op_b_without_spaces() -> None:
    for text in ("6*7", "9-5", "7/2", "8+2", "12/15"):
        move = GAME.parse_move(text)
        assert GAME.format_move(move) == text
    assert GAME.parse_move("6*7") == FiftyMove(a=6, op="*", b=7)


def test_ruling_notation_accepts_screen_symbols_and_spaces() -> None:
    assert GAME.parse_move("6 × 7") == FiftyMove(a=6, op="*", b=7)
    assert GAME.parse_move("6x7") == FiftyMove(a=6, op="*", b=7)
    assert GAME.parse_move("9−5") == FiftyMove(a=9, op="-", b=5)
    assert GAME.parse_move(" 7 ÷ 2 ") == FiftyMove(a=7, op="/", b=2)
    assert GAME.format_move(GAME.parse_move("7 ÷ 2")) == "7/2"


@pytest.mark.parametrize("text", ["", "6", "6*", "*7", "67", "6**7", "-6+7", "six*7", "6*7*8"])
def test_ruling_notation_refuses_text_that_is_not_a_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        GAME.parse_move(text)


def test_ruling_order_matters_for_minus_and_divide() -> None:
    assert GAME.parse_move("9-5") != GAME.parse_move("5-9")
    assert play("9-5").scores == (4, 0)
    assert play("5-9").scores == (-4, 0)
    assert play("7/2").scores == (3, 0)
    assert play("2/7").scores == (0, 0)


def test_ruling_integer_division_quotient_without_remainder() -> None:
    assert play("7/2").scores == (3, 0)
    assert play("9/4").scores == (2, 0)


def test_ruling_result_added_to_movers_score_negative_lowers_it() -> None:
    state = play("6*7 1-9")
    assert state.scores == (42, -8)
    state = GAME.play_text(state, "2-5")
    assert state.scores == (39, -8)


def test_ruling_mover_wins_at_once_on_exactly_the_target() -> None:
    state = play("6*7 3+4 8*1")
    assert said(GAME.outcome(state)) == (1, "Player 1 reached exactly 50")
    assert len(state.pool) >= 2  # numbers are left, but the game is over


def test_ruling_mover_loses_at_once_above_the_target() -> None:
    state = play("9*8")
    assert said(GAME.outcome(state)) == (2, "72 is over 50")


def test_ruling_both_over_50_cannot_happen() -> None:
    # The seed's "both exceed 50 in the same round" clause never applies: the first
    # player over 50 ends the game on that move, for every game.
    rng = random.Random(2)
    for _ in range(300):
        state = GAME.new()
        while GAME.outcome(state) is None:
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        assert sum(score > 50 for score in state.scores) <= 1
    assert "cannot happen" in TEXT.read_text(encoding="utf-8")


def test_ruling_fewer_than_two_numbers_left_ends_the_game() -> None:
    state = play("6*7 9*5 8-3 4*1")
    assert state.pool == (2,)
    assert GAME.outcome(state) is not None
    even = play("1+2 3-4 5-6 7-8", FiftyOptions(pool=(1, 8)))
    assert even.pool == ()
    assert even.note == "No numbers are left: the game ends."
    assert said(GAME.outcome(even)) == (1, "2 is closer to 50 than -2")


def test_ruling_closer_score_wins() -> None:
    state = play("6*7 9*5 8-3 4*1")
    assert said(GAME.outcome(state)) == (2, "49 is closer to 50 than 47")
    state = play("6*7 9*5 8-4 3-1")
    assert state.scores == (46, 47)
    assert said(GAME.outcome(state)) == (2, "47 is closer to 50 than 46")
    state = play("6*7 9*5 8-1 3-4")
    assert state.scores == (49, 44)
    assert said(GAME.outcome(state)) == (1, "49 is closer to 50 than 44")


def test_ruling_equal_scores_second_player_wins() -> None:
    state = play("6*7 9*5 8-3 4-2")
    assert state.scores == (47, 47)
    assert said(GAME.outcome(state)) == (2, "both scores are 47: the second player wins ties")


def test_ruling_equal_scores_second_player_wins_when_player_2_starts() -> None:
    state = play("6*7 9*5 8-3 4-2", FiftyOptions(first=2))
    assert state.scores == (47, 47)
    assert said(GAME.outcome(state)) == (1, "both scores are 47: the second player wins ties")


def test_ruling_bad_input_same_number_twice_is_refused() -> None:
    state = GAME.new()
    with pytest.raises(IllegalMove, match="Numbers must be different and unused: 5 is chosen"):
        GAME.play_text(state, "5+5")
    assert state == GAME.new()


def test_ruling_bad_input_used_number_is_refused() -> None:
    state = play("6*7")
    # (no full stop of its own: the front end adds one, never "9..")
    with pytest.raises(IllegalMove, match=r"6 is already used\. Available numbers: 1 2 3 4 5 8 9$"):
        GAME.play_text(state, "6+1")
    with pytest.raises(IllegalMove, match="7 is already used"):
        GAME.play_text(state, "1+7")
    with pytest.raises(IllegalMove, match=r"10 is not in the pool \(1 to 9\)"):
        GAME.play_text(state, "10+1")
    with pytest.raises(IllegalMove, match="0 is not in the pool"):
        GAME.play_text(state, "1/0")
    assert state == play("6*7")


def test_ruling_bad_input_unknown_operator_is_refused() -> None:
    with pytest.raises(MoveSyntaxError, match="'\\^' is not an operator"):
        GAME.parse_move("6^7")
    with pytest.raises(MoveSyntaxError):
        GAME.parse_move("6%7")
    with pytest.raises(ValidationError):
        FiftyMove.model_validate({"a": 6, "op": "^", "b": 7})


def test_ruling_rules_text_lists_every_ruling() -> None:
    text = TEXT.read_text(encoding="utf-8")
    assert "## Rulings" in text
    for phrase in (
        "`A op B`",
        "Order matters",
        "integer division",
        "7 ÷ 2 = 3",
        "negative results lower it",
        "exactly 50",
        "fewer than two numbers remain",
        "Equal scores: the second player wins",
        "Numbers must be different and unused",
        "cannot happen",
        "No game ends in a draw",
    ):
        assert phrase in text, phrase
    for name in VARIANTS:
        assert f"**{name}**" in text, name


# --- options and variants ----------------------------------------------------------------


def test_other_target() -> None:
    options = FiftyOptions(target=30)
    state = play("6*5", options)
    assert said(GAME.outcome(state)) == (1, "Player 1 reached exactly 30")
    state = play("6*7", options)
    assert said(GAME.outcome(state)) == (2, "42 is over 30")
    state = play("1+2 3+4 5+6 7+8", options)
    assert said(GAME.outcome(state)) == (2, "22 is closer to 30 than 14")


def test_other_pool() -> None:
    options = FiftyOptions(pool=(3, 7))
    state = GAME.new(options)
    assert state.pool == (3, 4, 5, 6, 7)
    assert len(GAME.legal_moves(state)) == 5 * 4 * 4
    with pytest.raises(IllegalMove, match=r"2 is not in the pool \(3 to 7\)"):
        GAME.play_text(state, "2+3")
    state = play("7*6 5-4", options)
    assert state.pool == (3,)
    assert said(GAME.outcome(state)) == (1, "42 is closer to 50 than 1")


def test_extended_pool_two_digit_numbers() -> None:
    options = VARIANTS["extended-pool"]
    state = GAME.new(options)
    assert len(GAME.legal_moves(state)) == 15 * 14 * 4
    state = play("12/15 14-13", options)
    assert state.scores == (0, 1)
    assert GAME.format_move(GAME.parse_move("12/15")) == "12/15"


def test_player_2_first() -> None:
    state = GAME.new(FiftyOptions(first=2))
    assert GAME.to_move(state) == 2
    state = GAME.play_text(state, "6*7")
    assert state.scores == (0, 42)
    assert GAME.to_move(state) == 1


@pytest.mark.parametrize(
    "data",
    [
        {"target": 0},
        {"target": 201},
        {"pool": (5, 5)},
        {"pool": (0, 9)},
        {"pool": (9, 1)},
        {"pool": (1, 16)},
        {"first": 3},
    ],
)
def test_options_out_of_range_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        FiftyOptions.model_validate(data)


def test_options_messages_are_clear() -> None:
    with pytest.raises(ValidationError, match="the target must be between 1 and 200, not 0"):
        FiftyOptions(target=0)
    with pytest.raises(ValidationError, match="at least two numbers"):
        FiftyOptions(pool=(4, 4))
    assert FiftyOptions(target=1, pool=(1, 2)).numbers() == (1, 2)
    assert FiftyOptions(target=200, pool=(1, 15)).numbers()[-1] == 15


def test_state_validation() -> None:
    with pytest.raises(ValidationError):
        snapshot((5, 4), (0, 0))
    with pytest.raises(ValidationError):
        snapshot((1, 10), (0, 0))
    with pytest.raises(ValidationError):
        FiftyState.model_validate({"pool": (1, 2), "hit": 1, "busted": 2})


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variants_random_games_end_and_round_trip(name: str) -> None:
    options = VARIANTS[name]
    rng = random.Random(name)
    limit = len(options.numbers()) // 2
    for _ in range(40):
        state = GAME.new(options)
        moves = 0
        while GAME.outcome(state) is None:
            legal = GAME.legal_moves(state)
            assert legal
            move = rng.choice(legal)
            assert GAME.parse_move(GAME.format_move(move)) == move
            state = GAME.play(state, move)
            assert FiftyState.model_validate_json(state.model_dump_json()) == state
            moves += 1
        assert moves <= limit
        assert GAME.legal_moves(state) == []
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winner in (1, 2)


def test_notation_round_trip_for_every_move() -> None:
    for name, options in VARIANTS.items():
        for move in GAME.legal_moves(GAME.new(options)):
            text = GAME.format_move(move)
            assert " " not in text, name
            assert GAME.parse_move(text) == move
            assert GAME.format_move(GAME.parse_move(text)) == text


def test_json_round_trip_of_a_finished_game() -> None:
    for moves in ("6*7 9-5 8+2", "6*7 3+4 8*1", "6*7 9*5 8-3 4*1", "7/2"):
        state = play(moves, FiftyOptions(first=1))
        assert FiftyState.model_validate_json(state.model_dump_json()) == state
        assert GAME.State.model_validate_json(state.model_dump_json()) == state


def test_game_metadata_and_registry() -> None:
    from rules.registry import get_game

    assert get_game("fifty") is GAME
    assert GAME.id == "fifty"
    assert GAME.title == "Equation Duel: Exactly Fifty"
    assert GAME.pitch and "\n" not in GAME.pitch
    assert GAME.Options is FiftyOptions and GAME.State is FiftyState and GAME.Move is FiftyMove
