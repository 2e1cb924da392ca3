"""Countdown Duel (seed 004) as the rule book and RULINGS.md (countdown) say."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from rules.base import IllegalMove, MoveSyntaxError
from rules.countdown import (
    GAME,
    PASS,
    VARIANTS,
    CountdownMove,
    CountdownOptions,
    CountdownState,
    format_numbers,
)
from rules.operators import apply_whole as apply
from rules.registry import get_game
from rules.words.outcome import reason_text, record_reason


def play(moves: str, options: CountdownOptions | None = None) -> CountdownState:
    return GAME.replay(options, moves.split())


# --- setup and the seed's examples ---------------------------------------------------------


def test_registry_finds_the_game() -> None:
    assert get_game("countdown") is GAME
    assert GAME.title == "Countdown Duel"


def test_new_game_matches_setup() -> None:
    state = GAME.new()
    assert state.running_total == 0
    assert state.options.target == 30
    assert state.available_to(1) == tuple(range(1, 10))
    assert state.available_to(2) == tuple(range(1, 10))
    assert state.to_move == 1
    assert state.last_valid_mover is None
    assert state.passes_in_row == 0
    assert state.note is None
    assert GAME.outcome(state) is None


def test_seed_example_game_play() -> None:
    # Player A = Player 1, Player B = Player 2.
    states = GAME.history(None, ["+5", "*3", "+4", "*2"])
    totals = [s.running_total for s in states]
    assert totals == [0, 5, 15, 19, 38]
    assert format_numbers(states[1].available_to(1)) == "1-4, 6-9"
    assert format_numbers(states[2].available_to(2)) == "1-2, 4-9"
    assert format_numbers(states[3].available_to(1)) == "1-3, 6-9"
    assert format_numbers(states[4].available_to(2)) == "1, 4-9"
    for state in states[:-1]:
        assert GAME.outcome(state) is None
    outcome = GAME.outcome(states[-1])
    assert outcome is not None
    assert outcome.winner == 2
    assert record_reason(outcome) == "the running total reached 38"
    assert GAME.legal_moves(states[-1]) == []


def test_seed_additional_example() -> None:
    state = play("+7")
    assert state.running_total == 7
    assert GAME.outcome(state) is None
    state = GAME.play_text(state, "*9")
    assert state.running_total == 63
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2
    assert record_reason(outcome) == "the running total reached 63"


def test_seed_division_by_zero_example() -> None:
    state = GAME.play_text(GAME.new(), "/0")
    assert state.running_total == 0
    assert state.available == GAME.new().available
    assert state.to_move == 2
    assert state.note == "Invalid move: Division by zero is not allowed. Player 1 loses their turn."
    assert GAME.outcome(state) is None


def test_division_by_zero_midgame_changes_nothing_but_the_turn() -> None:
    before = play("+5 *3")
    after = GAME.play_text(before, "/0")
    assert after.running_total == 15
    assert after.available == before.available
    assert after.to_move == 2
    assert after.passes_in_row == 1


def test_format_numbers_compresses_runs() -> None:
    assert format_numbers(tuple(range(1, 10))) == "1-9"
    assert format_numbers((1, 2, 3, 4, 6, 7, 8, 9)) == "1-4, 6-9"
    assert format_numbers((1, 4, 5, 6, 7, 8, 9)) == "1, 4-9"
    assert format_numbers((1, 3, 5)) == "1, 3, 5"
    assert format_numbers(()) == "none"


# --- each ruling ---------------------------------------------------------------------------


def test_ruling_notation_operator_then_number() -> None:
    for text in ["+5", "*3", "/2", "-9", "pass"]:
        assert GAME.format_move(GAME.parse_move(text)) == text
    assert GAME.parse_move("+5") == CountdownMove(op="+", number=5)
    assert GAME.parse_move("pass") == PASS


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("5+", "+5"),
        ("+ 5", "+5"),
        (" +5 ", "+5"),
        ("× 3", "*3"),
        ("x3", "*3"),
        ("3x", "*3"),
        ("÷2", "/2"),
        ("−9", "-9"),
        ("9 -", "-9"),
        ("PASS", "pass"),
        (" Pass ", "pass"),
        ("+\t5", "+5"),
        ("/0", "/0"),
        ("+12", "+12"),
    ],
)
def test_parse_accepts_other_spellings(text: str, canonical: str) -> None:
    assert GAME.format_move(GAME.parse_move(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "5", "+", "hello", "++5", "+-5", "5+3", "+5.0", "+ 5 5", "%5", "+1234567890"]
)
def test_parse_refuses_what_is_not_a_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        GAME.parse_move(text)


def test_notation_round_trips_every_legal_move() -> None:
    for options in VARIANTS.values():
        for move in GAME.legal_moves(GAME.new(options)):
            assert GAME.parse_move(GAME.format_move(move)) == move


def test_move_must_have_both_or_neither() -> None:
    with pytest.raises(ValidationError):
        CountdownMove(op="+")
    with pytest.raises(ValidationError):
        CountdownMove(number=3)
    with pytest.raises(ValidationError):
        CountdownMove(op="+", number=-1)


def test_ruling_a_turn_uses_own_unused_number() -> None:
    state = play("+5")
    # Player 2 still has their own 5: numbers are per player.
    assert 5 in state.available_to(2)
    state = GAME.play_text(state, "+5")
    assert state.running_total == 10
    assert 5 not in state.available_to(1) and 5 not in state.available_to(2)


def test_ruling_operations() -> None:
    assert apply(7, "+", 2) == 9
    assert apply(7, "-", 9) == -2
    assert apply(7, "*", 3) == 21
    assert apply(7, "/", 2) == 3


def test_ruling_division_truncates_toward_zero_with_negative_totals() -> None:
    assert apply(-7, "/", 2) == -3
    assert apply(-1, "/", 2) == 0
    assert apply(-9, "/", 4) == -2
    state = play("-7 /2")
    assert state.running_total == -3
    state = play("-9 -8 /5")
    assert state.running_total == -3  # -17 / 5 = -3.4 -> -3, not -4


def test_ruling_reaching_target_or_more_wins_at_once() -> None:
    state = play("+9 *3 +3")  # 9, 27, 30: exactly the target
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1
    assert record_reason(outcome) == "the running total reached 30"
    with pytest.raises(IllegalMove):
        GAME.play_text(state, "+1")


def test_running_total_below_target_goes_on() -> None:
    state = play("+9 *3 +2")  # 29
    assert state.running_total == 29
    assert GAME.outcome(state) is None


def test_ruling_used_number_loses_the_turn() -> None:
    before = play("+5 +1")
    after = GAME.play_text(before, "+5")
    assert after.running_total == before.running_total
    assert after.available == before.available
    assert after.to_move == 2
    assert after.note == (
        "Invalid move: 5 has already been used (numbers left: 1-4, 6-9). Player 1 loses their turn."
    )
    assert CountdownMove(op="+", number=5) not in GAME.legal_moves(before)


@pytest.mark.parametrize("text", ["+0", "+10", "*12", "-99"])
def test_ruling_number_outside_pool_loses_the_turn(text: str) -> None:
    before = GAME.new()
    after = GAME.play_text(before, text)
    assert after.running_total == 0
    assert after.available == before.available
    assert after.to_move == 2
    number = GAME.parse_move(text).number
    assert after.note == (
        f"Invalid move: {number} is not one of the numbers 1-9. Player 1 loses their turn."
    )


def test_ruling_invalid_move_is_not_legal_but_play_accepts_it() -> None:
    state = GAME.new()
    legal = GAME.legal_moves(state)
    for text in ["/0", "+10", "+0"]:
        move = GAME.parse_move(text)
        assert move not in legal
        assert GAME.invalid_reason(state, move) is not None
        GAME.play(state, move)  # does not raise


def test_ruling_pass_is_a_real_move() -> None:
    state = GAME.new()
    legal = GAME.legal_moves(state)
    assert PASS in legal
    assert len(legal) == 4 * 9 + 1
    after = GAME.play(state, PASS)
    assert after.to_move == 2
    assert after.running_total == 0
    assert after.passes_in_row == 1
    assert after.note is None
    assert GAME.outcome(after) is None


def test_legal_moves_after_a_move() -> None:
    state = play("+5")
    assert len(GAME.legal_moves(state)) == 4 * 9 + 1
    state = GAME.play_text(state, "*3")
    assert len(GAME.legal_moves(state)) == 4 * 8 + 1
    assert CountdownMove(op="+", number=5) not in GAME.legal_moves(state)


def test_ruling_forced_skip_when_no_numbers_left() -> None:
    options = CountdownOptions(pool=(1, 2), target=1000)
    state = play("+1 pass +2", options)  # Player 1 has used both numbers; Player 2 passed
    assert state.available_to(1) == ()
    assert state.available_to(2) == (1, 2)
    state = GAME.play_text(state, "+1")  # Player 2 -> 4
    assert GAME.legal_moves(state) == [PASS]  # Player 1 can only skip
    state = GAME.play(state, PASS)
    assert state.note == "Player 1 has no numbers left and skips the turn."
    assert state.running_total == 4
    assert GAME.outcome(state) is None  # one turn without a valid move is not enough
    state = GAME.play_text(state, "*2")  # Player 2 -> 8, and nobody has numbers left
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 2
    assert reason_text(outcome) == "stalemate, Player 2 made the last valid move"
    assert record_reason(outcome) == "stalemate: Player 2 made the last valid move"  # as stored


def test_ruling_forced_skip_note_and_only_pass() -> None:
    options = CountdownOptions(pool=(1, 1), target=1000)
    state = play("+1 pass", options)  # P1 used its only number; P2 passes
    assert state.to_move == 1
    assert GAME.legal_moves(state) == [PASS]
    after = GAME.play(state, PASS)
    assert after.note == "Player 1 has no numbers left and skips the turn."
    # Two turns in a row without a valid move (P2's pass, P1's skip): stalemate.
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.winner == 1
    assert reason_text(outcome) == "stalemate, Player 1 made the last valid move"


def test_forced_skip_then_opponent_keeps_playing() -> None:
    options = CountdownOptions(pool=(1, 2), target=1000)
    state = play("+1 +1 +2", options)  # P1 has nothing left, P2 still has 2
    assert GAME.legal_moves(state) != [PASS]
    state = GAME.play_text(state, "pass")  # P2 passes on purpose
    assert GAME.legal_moves(state) == [PASS]  # P1 must skip
    state = GAME.play(state, PASS)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1


def test_number_played_with_no_numbers_left_loses_the_turn() -> None:
    options = CountdownOptions(pool=(1, 1), target=1000)
    state = play("+1 *1", options)
    # Both players are out of numbers: the game is already over.
    assert GAME.outcome(state) is not None
    state = play("+1 pass", options)
    after = GAME.play_text(state, "+1")
    assert after.note is not None and after.note.startswith("Invalid move: You have no numbers")


def test_ruling_two_non_moves_in_a_row_end_the_game() -> None:
    state = play("+5 pass")
    assert GAME.outcome(state) is None
    assert state.passes_in_row == 1
    state = GAME.play_text(state, "/0")  # a lost turn counts as a turn without a valid move
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1
    assert reason_text(outcome) == "stalemate, Player 1 made the last valid move"
    assert GAME.legal_moves(state) == []


def test_a_valid_move_resets_the_count_of_non_moves() -> None:
    state = play("+5 pass +1 pass")
    assert GAME.outcome(state) is None
    assert state.passes_in_row == 1
    state = GAME.play_text(state, "+2")
    assert state.passes_in_row == 0


def test_ruling_stalemate_last_valid_mover_wins() -> None:
    state = play("+5 *3 pass pass")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 2
    assert reason_text(outcome) == "stalemate, Player 2 made the last valid move"
    assert record_reason(outcome) == "stalemate: Player 2 made the last valid move"  # as stored


def test_ruling_stalemate_when_neither_player_has_numbers() -> None:
    options = CountdownOptions(pool=(1, 3), target=1000)
    state = play("+1 +1 +2 +2 +3", options)
    assert GAME.outcome(state) is None
    state = GAME.play_text(state, "-3")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 2
    assert reason_text(outcome) == "stalemate, Player 2 made the last valid move"
    assert record_reason(outcome) == "stalemate: Player 2 made the last valid move"  # as stored


def test_ruling_nobody_valid_second_player_wins() -> None:
    state = play("pass pass")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 2
    assert reason_text(outcome) == "stalemate, nobody made a valid move"
    state = play("/0 +12")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2


def test_ruling_nobody_valid_second_player_wins_when_player_2_starts() -> None:
    state = play("pass pass", CountdownOptions(first=2))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1


def test_play_after_the_end_is_refused() -> None:
    state = play("pass pass")
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(state, PASS)


# --- options and variants ------------------------------------------------------------------


def test_variant_target() -> None:
    options = CountdownOptions(target=50)
    state = play("+5 *3 +4 *2", options)  # 38 is not enough
    assert GAME.outcome(state) is None
    state = GAME.play_text(state, "+9")  # 47
    state = GAME.play_text(state, "+4")  # 51
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2
    assert record_reason(outcome) == "the running total reached 51"


def test_variant_pool() -> None:
    options = CountdownOptions(pool=(1, 5))
    state = GAME.new(options)
    assert state.available_to(1) == (1, 2, 3, 4, 5)
    assert len(GAME.legal_moves(state)) == 4 * 5 + 1
    after = GAME.play_text(state, "+7")
    assert after.note == "Invalid move: 7 is not one of the numbers 1-5. Player 1 loses their turn."


def test_variant_first_2() -> None:
    state = play("+5 *3 +4 *2", CountdownOptions(first=2))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1
    assert format_numbers(state.available_to(2)) == "1-3, 6-9"


@pytest.mark.parametrize(
    "data",
    [
        {"target": 0},
        {"target": 1001},
        {"pool": (0, 9)},
        {"pool": (1, 10)},
        {"pool": (5, 4)},
        {"first": 3},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        CountdownOptions.model_validate(data)


def test_options_from_plain_data() -> None:
    options = GAME.options_from({"pool": [2, 6], "target": 40, "first": 2})
    assert options.pool == (2, 6)
    assert GAME.new(options).to_move == 2


def test_variants_are_named_and_valid() -> None:
    assert VARIANTS["standard"] == CountdownOptions()
    assert VARIANTS["first=2"].first == 2
    for options in VARIANTS.values():
        assert GAME.outcome(GAME.new(options)) is None


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_games_end_and_round_trip(name: str) -> None:
    rng = random.Random(name)
    options = VARIANTS[name]
    for _ in range(30):
        state = GAME.new(options)
        for _ in range(200):
            legal = GAME.legal_moves(state)
            if not legal:
                break
            assert GAME.outcome(state) is None
            move = rng.choice(legal) if rng.random() < 0.9 else GAME.parse_move("/0")
            state = GAME.play(state, move)
            assert CountdownState.model_validate_json(state.model_dump_json()) == state
        assert GAME.outcome(state) is not None
        assert GAME.legal_moves(state) == []


def test_state_json_round_trip_with_note_and_result() -> None:
    for moves in ["/0", "+5 *3 +4 *2", "pass pass", "+5 pass"]:
        state = play(moves)
        assert GAME.State.model_validate_json(state.model_dump_json()) == state
        assert hash(state) == hash(GAME.State.model_validate_json(state.model_dump_json()))
