"""Equation Duel: Templates — every rule, the seed's examples and each ruling."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.base import IllegalMove, MoveSyntaxError
from rules.template import (
    GAME,
    TEMPLATES,
    VARIANTS,
    TemplateMove,
    TemplateOptions,
    TemplateState,
    empty_slots,
    partial_text,
    result,
    result_text,
)
from rules.words.outcome import record_reason

WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]
TEXT = Path(__file__).parents[2] / "rules" / "texts" / "template.md"


def play(moves: str | list[str], **options: object) -> TemplateState:
    texts = moves.split() if isinstance(moves, str) else moves
    return GAME.replay(TemplateOptions.model_validate(options), texts)


def fill(
    slots1: tuple[int, int, int], slots2: tuple[int, int, int], **options: object
) -> TemplateState:
    """A finished game with these digits (Player 1's template, then Player 2's)."""
    moves = []
    for slot in range(3):
        moves.append(f"{slots1[slot]}@1.{slot + 1}")
        moves.append(f"{slots2[slot]}@2.{slot + 1}")
    return play(moves, **options)


# The seed's walkthrough and command-line sample, as corrected.


def test_walkthrough_states_match_the_seed() -> None:
    states = GAME.history(None, WALKTHROUGH)
    shown = [(partial_text(s, 1), partial_text(s, 2)) for s in states]
    assert shown == [
        ("__ + __ × __", "__ + __ × __"),
        ("9 + __ × __", "__ + __ × __"),
        ("9 + __ × __", "8 + __ × __"),
        ("9 + __ × __", "8 + __ × 7"),
        ("9 + __ × 6", "8 + __ × 7"),
        ("9 + 5 × 6", "8 + __ × 7"),
        ("9 + 5 × 6", "8 + 4 × 7"),
    ]
    pools = [s.pool for s in states]
    assert pools[0] == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert pools[3] == (1, 2, 3, 4, 5, 6)
    assert pools[-1] == (1, 2, 3)


def test_walkthrough_player_1_wins_39_to_36() -> None:
    state = play(WALKTHROUGH)
    assert result(state, 1) == 39
    assert result(state, 2) == 36
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1
    assert record_reason(outcome) == "39 beats 36"


def test_ruling_walkthrough_corrected_game_ends_after_sixth_placement() -> None:
    state = play(WALKTHROUGH)
    assert GAME.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.play_text(state, "3@2.3")  # the seed's turn 7 never happens
    with pytest.raises(IllegalMove, match="already over"):
        GAME.replay(None, [*WALKTHROUGH, "3@2.3"])


def test_ruling_walkthrough_turn_5_addition_slot_is_the_middle_slot() -> None:
    state = play(WALKTHROUGH[:5])
    assert partial_text(state, 1) == "9 + 5 × 6"


def test_precedence_example_from_the_seed() -> None:
    state = fill((2, 3, 4), (1, 5, 6))
    assert result(state, 1) == 14  # 2 + 3 × 4


# Options.


def test_default_options() -> None:
    options = TemplateOptions()
    assert options.template == "_ + _ × _"
    assert options.digits == (1, 9)
    assert options.copies == 1
    assert options.rounds_to_win == 1
    assert options.turn_seconds is None
    assert options.first == 1
    assert TEMPLATES == ("_ + _ × _", "(_ + _) × _", "_ × _ − _", "_ × (_ + _)")


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("_ + _ * _", "_ + _ × _"),
        ("(__+__)x__", "(_ + _) × _"),
        ("_*_-_", "_ × _ − _"),
        ("_ × (_ + _)", "_ × (_ + _)"),
        ("_ / (_ - _)", "_ ÷ (_ − _)"),
    ],
)
def test_ruling_player_written_template_stored_in_canonical_text(
    written: str, canonical: str
) -> None:
    assert TemplateOptions(template=written).template == canonical


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("_ + _", "exactly 3 slots"),
        ("_ + _ - _ * _", "exactly 3 slots"),
        ("_ + 3 × _", "not numbers"),
        ("_ + _ = _", "without ="),
        ("(_ + _ × _", "unclosed"),
        ("-_ + _ × _", "unary minus"),
        ("_ ^ _ + _", "exponents"),
        ("_ _ + _", "implicit multiplication"),
        ("", "needs slots"),
    ],
)
def test_ruling_player_written_template_refused(template: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        TemplateOptions(template=template)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("digits", (0, 10), "within 0 to 9"),
        ("digits", (5, 3), "within 0 to 9"),
        ("digits", (7, 9), "at least 6 digits"),
        ("copies", 3, "once or twice"),
        ("copies", 0, "once or twice"),
        ("rounds_to_win", 0, "between 1 and 9"),
        ("rounds_to_win", 10, "between 1 and 9"),
        ("turn_seconds", 4, "between 5 and 3600"),
        ("turn_seconds", 3601, "between 5 and 3600"),
    ],
)
def test_options_refused(field: str, value: object, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        TemplateOptions.model_validate({field: value})


def test_small_pool_allowed_with_two_copies() -> None:
    options = TemplateOptions(digits=(7, 9), copies=2)
    assert options.pool() == (7, 7, 8, 8, 9, 9)
    state = GAME.new(options)
    moves = 0
    while GAME.outcome(state) is None:
        state = GAME.play(state, GAME.legal_moves(state)[0])
        moves += 1
    assert moves == 6
    assert state.pool == ()


# Moves and their refusals.


def test_new_game() -> None:
    state = GAME.new()
    assert state.pool == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert state.slots == ((None, None, None), (None, None, None))
    assert state.to_move == 1
    assert state.note is None
    assert GAME.new(TemplateOptions(first=2)).to_move == 2
    assert len(GAME.legal_moves(state)) == 9 * 6


def test_used_digit_refused_with_the_digits_left() -> None:
    state = play("9@1.1")
    with pytest.raises(IllegalMove) as error:
        GAME.play_text(state, "9@2.1")
    assert str(error.value) == "9 has already been used. Available digits: 1 2 3 4 5 6 7 8."


def test_digit_outside_the_pool_refused() -> None:
    with pytest.raises(IllegalMove, match="0 is not one of this game's digits 1-9"):
        GAME.play_text(GAME.new(), "0@1.1")


def test_filled_slot_refused_names_the_empty_slots() -> None:
    state = play("9@1.1")
    before = state
    with pytest.raises(IllegalMove) as error:
        GAME.play_text(state, "8@1.1")
    assert str(error.value) == (
        "Player 1's slot 1 is already filled (it holds 9); digits never move. "
        "Empty slots: P1 Slot 2, P1 Slot 3, P2 Slot 1, P2 Slot 2, P2 Slot 3."
    )
    assert state == before


@pytest.mark.parametrize("text", ["9", "9@1", "9@3.1", "9@1.4", "9@1.0", "10@1.1", "x@1.1", ""])
def test_not_a_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        GAME.parse_move(text)


def test_notation_round_trips() -> None:
    move = GAME.parse_move(" 9 @ 1 . 1 ")
    assert move == TemplateMove(digit=9, player=1, slot=1)
    assert GAME.format_move(move) == "9@1.1"
    for move in GAME.legal_moves(GAME.new(TemplateOptions(digits=(0, 9)))):
        text = GAME.format_move(move)
        assert GAME.parse_move(text) == move
        assert GAME.format_move(GAME.parse_move(text)) == text


def test_turns_alternate_and_either_template_may_be_filled() -> None:
    state = play("9@2.2")
    assert state.to_move == 2
    assert state.slots[1] == (None, 9, None)
    state = GAME.play_text(state, "1@2.1")
    assert state.to_move == 1
    assert partial_text(state, 2) == "1 + 9 × __"


def test_state_json_round_trip_and_placements() -> None:
    state = play(WALKTHROUGH[:4], digits=(0, 9), copies=2, template="_ ÷ (_ − _)")
    assert TemplateState.model_validate_json(state.model_dump_json()) == state
    placed = [  # the digits on the board as moves, Player 1's slots first
        f"{digit}@{player}.{slot}"
        for player in (1, 2)
        for slot, digit in enumerate(state.template_slots(player), start=1)
        if digit is not None
    ]
    again = GAME.replay(state.options, placed)
    assert again == state


def test_state_refuses_digits_the_pool_does_not_hold() -> None:
    with pytest.raises(ValidationError, match="more often"):
        TemplateState(pool=(1, 1, 2))
    with pytest.raises(ValidationError, match="increasing"):
        TemplateState(pool=(2, 1))


def test_helpers() -> None:
    state = play("9@1.1 6@1.3")
    assert partial_text(state, 1) == "9 + __ × 6"
    assert partial_text(state, 1, blank="_") == "9 + _ × 6"
    assert result(state, 1) is None
    assert result_text(state, 1) == "not complete"
    assert empty_slots(state) == [(1, 2), (2, 1), (2, 2), (2, 3)]


# Each template.


@pytest.mark.parametrize(
    ("template", "values", "expected"),
    [
        ("_ + _ × _", (9, 5, 6), 39),
        ("(_ + _) × _", (9, 5, 6), 84),
        ("_ × _ − _", (2, 3, 9), -3),
        ("_ × (_ + _)", (9, 5, 6), 99),
        ("_ ÷ (_ − _)", (7, 4, 2), Fraction(7, 2)),
        ("_ − _ − _", (9, 5, 1), 3),
        ("_ ÷ _ ÷ _", (8, 4, 2), 1),
    ],
)
def test_each_template(template: str, values: tuple[int, int, int], expected: Fraction) -> None:
    others = tuple(d for d in range(1, 10) if d not in values)[:3]
    state = fill(values, (others[0], others[1], others[2]), template=template)
    assert result(state, 1) == expected


def test_fraction_results_are_exact() -> None:
    state = fill((7, 4, 2), (9, 6, 3), template="_ ÷ (_ − _)")
    assert result_text(state, 1) == "7/2"
    assert result(state, 2) == 3
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (1, "7/2 beats 3")


# Rulings.


def test_ruling_slots_numbered_left_to_right_notation_digit_at_player_slot() -> None:
    state = play("9@1.1 7@2.3 5@1.2")
    assert state.slots == ((9, 5, None), (None, None, 7))
    assert GAME.format_move(TemplateMove(digit=9, player=1, slot=1)) == "9@1.1"


def test_ruling_placed_digits_never_move() -> None:
    state = play("9@1.1")
    with pytest.raises(IllegalMove, match="never move"):
        GAME.play_text(state, "1@1.1")


def test_ruling_game_ends_when_all_six_slots_are_full() -> None:
    state = play(WALKTHROUGH[:5])
    assert GAME.outcome(state) is None
    assert GAME.legal_moves(state)
    state = GAME.play_text(state, WALKTHROUGH[5])
    assert GAME.outcome(state) is not None
    assert GAME.legal_moves(state) == []


def test_ruling_higher_result_wins() -> None:
    outcome = GAME.outcome(fill((1, 2, 3), (9, 8, 7)))
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (2, "65 beats 7")


def test_ruling_equal_results_second_player_wins() -> None:
    state = fill((1, 6, 3), (9, 5, 2))  # 1 + 6 × 3 = 19 and 9 + 5 × 2 = 19
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (
        2,
        "both results are 19: the second player wins ties",
    )
    state = fill((1, 6, 3), (9, 5, 2), first=2)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1


def test_ruling_division_by_zero_loses_to_any_defined_result() -> None:
    state = fill((5, 3, 3), (1, 9, 2), template="_ ÷ (_ − _)", copies=2)
    assert result(state, 1) is None
    assert result_text(state, 1) == "undefined (divides by zero)"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (2, "Player 1's result divides by zero")
    zero = fill((0, 3, 3), (1, 2, 4), template="_ ÷ (_ − _)", digits=(0, 9), copies=2)
    outcome = GAME.outcome(zero)
    assert outcome is not None
    assert outcome.winner == 2  # undefined loses even to 1 ÷ (2 − 4) = −1/2
    assert result_text(zero, 2) == "-1/2"


def test_ruling_both_undefined_is_a_tie_and_the_second_player_wins() -> None:
    state = fill((5, 3, 3), (1, 9, 9), template="_ ÷ (_ − _)", copies=2)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (
        2,
        "both results divide by zero: the second player wins ties",
    )


def test_ruling_digits_0_to_9_variant() -> None:
    options = TemplateOptions(digits=(0, 9))
    assert GAME.new(options).pool == tuple(range(10))
    state = fill((0, 9, 8), (7, 6, 5), digits=(0, 9))
    assert result(state, 1) == 72
    assert result(state, 2) == 37


def test_ruling_each_digit_available_twice() -> None:
    state = play("9@1.1 9@2.1", copies=2)
    assert 9 not in state.pool
    with pytest.raises(IllegalMove, match="Both 9s have already been used"):
        GAME.play_text(state, "9@1.2")


def test_ruling_named_templates_are_offered() -> None:
    for text in TEMPLATES:
        assert TemplateOptions(template=text).template == text


def test_ruling_match_and_time_limit_are_options() -> None:
    options = TemplateOptions(rounds_to_win=3, turn_seconds=30)
    state = GAME.replay(options, WALKTHROUGH)  # one round plays as in a single game
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1


# Variants and random play.


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variants_play_randomly_to_the_end(name: str) -> None:
    rng = random.Random(name)
    options = VARIANTS[name]
    for _ in range(20):
        state = GAME.new(options)
        moves = 0
        while GAME.outcome(state) is None:
            assert TemplateState.model_validate_json(state.model_dump_json()) == state
            legal = GAME.legal_moves(state)
            assert legal
            state = GAME.play(state, rng.choice(legal))
            moves += 1
        assert moves == 6
        assert GAME.legal_moves(state) == []
        assert len(state.pool) == len(options.pool()) - 6


def test_rules_text_lists_every_ruling() -> None:
    text = TEXT.read_text(encoding="utf-8")
    assert "## Rulings" in text
    for phrase in (
        "DIGIT@PLAYER.SLOT",
        "never move",
        "all six slots are full",
        "the second player wins",
        "divides by zero",
        "digits 0–9",
        "each digit available twice",
        "first to\n  N round wins",
        "time runs out loses the round",
        "9@1.1 8@2.1 7@2.3 6@1.3 5@1.2 4@2.2",
    ):
        assert phrase in text, phrase
