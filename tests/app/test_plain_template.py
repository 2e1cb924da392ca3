"""Plain-text mode for Equation Duel: Templates: the seed's sample and bad input."""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest

from app.plain.base import Console, PlainDriver
from app.plain.match_runner import MatchRunner
from app.plain.stops import EndOfInput
from app.plain.template import Driver, parse_slot
from rules.base import PlayerNo
from rules.match import current_state, match_outcome, new_match
from rules.template import GAME, TemplateOptions, TemplateState
from rules.words.outcome import record_reason

#: The corrected walkthrough as typed answers (digit, then slot), in several slot spellings.
WALKTHROUGH_INPUT = [
    "9", "P1 Slot 1",
    "8", "P2 Slot 1",
    "7", "P2 Slot 3",
    "6", "p1 slot 3",
    "5", "P1 2",
    "4", "2.2",
]  # fmt: skip

SEED_TRANSCRIPT_START = """\
Welcome to Equation Duel!
Available digits: 1 2 3 4 5 6 7 8 9

Player 1's equation: __ + __ × __
Player 2's equation: __ + __ × __

Player 1, it's your turn.
Available digits: 1 2 3 4 5 6 7 8 9
Select a digit: 9
Choose a slot to place the digit (e.g., P1 Slot 1, P2 Slot 2): P1 Slot 1

Player 1's equation: 9 + __ × __
Player 2's equation: __ + __ × __

Player 2, it's your turn.
Available digits: 1 2 3 4 5 6 7 8
Select a digit: 8
Choose a slot to place the digit: P2 Slot 1

Player 1's equation: 9 + __ × __
Player 2's equation: 8 + __ × __

Player 1, it's your turn.
Available digits: 1 2 3 4 5 6 7
Select a digit: 7
Choose a slot to place the digit: P2 Slot 3

Player 1's equation: 9 + __ × __
Player 2's equation: 8 + __ × 7
"""

SEED_TRANSCRIPT_END = """\
Calculating results...
Player 1's result: 39
Player 2's result: 36

Player 1 wins!
"""

#: The result line every game ends with, after the seed's closing lines.
RESULT_LINE = "Player 1 wins: 39 beats 36.\n"


def make(
    answers: list[str], names: tuple[str, str] = ("Player 1", "Player 2")
) -> tuple[Driver, StringIO]:
    out = StringIO()
    console = Console(StringIO("".join(a + "\n" for a in answers)), out)
    return Driver(GAME, console, names), out


def runner(
    answers: list[str],
    options: TemplateOptions | None = None,
    clock: Iterator[float] | None = None,
) -> tuple[MatchRunner, StringIO]:
    """The generic match runner (app.plain.match_runner) over this game's driver."""
    driver, out = make(answers)
    ticks = clock or iter(lambda: 0.0, None)
    return MatchRunner(driver, new_match("template", options), clock=lambda: next(ticks)), out


def run(answers: list[str], options: TemplateOptions | None = None) -> tuple[TemplateState, str]:
    driver, out = make(answers)
    state = driver.run(GAME.new(options))
    assert isinstance(state, TemplateState)
    return state, out.getvalue()


def test_seed_sample_through_the_plain_driver() -> None:
    state, text = run(WALKTHROUGH_INPUT)
    assert text.startswith(SEED_TRANSCRIPT_START)
    assert text.endswith(SEED_TRANSCRIPT_END + RESULT_LINE)
    assert "Player 1's equation: 9 + 5 × 6\nPlayer 2's equation: 8 + 4 × 7\n" in text
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winner == 1


def test_match_runner_gives_the_same_transcript_for_one_round() -> None:
    shared, expected = make(WALKTHROUGH_INPUT)
    PlainDriver.run(shared, GAME.new())  # the shared loop, ending with `final`
    match_runner, out = runner(WALKTHROUGH_INPUT)
    match = match_runner.run()  # the match loop, ending with the round's end
    assert expected.getvalue().endswith(SEED_TRANSCRIPT_END + RESULT_LINE)
    assert out.getvalue() == expected.getvalue()
    outcome = match_outcome(match)
    assert outcome is not None
    assert outcome.winner == 1
    state = current_state(match)
    assert isinstance(state, TemplateState)
    assert state.is_full()


def test_custom_names() -> None:
    driver, out = make(WALKTHROUGH_INPUT, names=("Ada", "Bob"))
    driver.run(GAME.new())
    text = out.getvalue()
    assert "Ada, it's your turn." in text
    assert "Bob's equation: 8 + 4 × 7" in text
    assert text.endswith(
        "Ada's result: 39\nBob's result: 36\n\nAda wins!\nAda wins: 39 beats 36.\n"
    )


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("P1 Slot 1", (1, 1)),
        ("p1 slot 1", (1, 1)),
        ("P1 1", (1, 1)),
        ("1.1", (1, 1)),
        ("1 1", (1, 1)),
        ("P2 Slot 3", (2, 3)),
        ("player 2 slot 2", (2, 2)),
        ("P2S3", (2, 3)),
        ("P3 Slot 1", None),
        ("P1 Slot 4", None),
        ("slot", None),
        ("", None),
    ],
)
def test_parse_slot(text: str, slot: tuple[PlayerNo, int] | None) -> None:
    assert parse_slot(text) == slot


def test_bad_digit_asks_again() -> None:
    answers = ["x", "12", "9", "P1 Slot 1", "9", "0", "8", "P2 Slot 1"]
    driver, out = make(answers)
    with pytest.raises(EndOfInput):
        driver.run(GAME.new())
    text = out.getvalue()
    assert "'x' is not a digit. Select one of the available digits: 1 2 3 4 5 6 7 8 9." in text
    assert "'12' is not a digit." in text
    assert "9 has already been used. Available digits: 1 2 3 4 5 6 7 8." in text
    assert "0 is not one of this game's digits 1-9." in text
    assert "Player 2's equation: 8 + __ × __" in text


def test_bad_or_full_slot_asks_again() -> None:
    answers = ["9", "P1 Slot 1", "8", "P3 Slot 1", "P1 Slot 1", "P2 Slot 1"]
    driver, out = make(answers)
    with pytest.raises(EndOfInput):
        driver.run(GAME.new())
    text = out.getvalue()
    assert "'P3 Slot 1' is not a slot. Name one like P1 Slot 1 or P2 Slot 3" in text
    assert "Player 1's slot 1 is already filled (it holds 9); digits never move." in text
    assert "Player 2's equation: 8 + __ × __" in text


def test_whole_move_in_notation_at_the_digit_prompt() -> None:
    answers = ["9@1.1", "9@2.1", "9@4.1", "8@2.1"]
    driver, out = make(answers)
    with pytest.raises(EndOfInput):
        driver.run(GAME.new())
    text = out.getvalue()
    assert "Player 1's equation: 9 + __ × __" in text
    assert "9 has already been used." in text
    assert "there is no Player 4" in text
    assert "Player 2's equation: 8 + __ × __" in text


def test_end_of_input_mid_game_ends_cleanly() -> None:
    driver, out = make(["9"])
    with pytest.raises(EndOfInput):
        driver.run(GAME.new())
    assert out.getvalue().endswith(
        "Choose a slot to place the digit (e.g., P1 Slot 1, P2 Slot 2): \n"
    )


def test_tie_names_the_rule() -> None:
    answers = ["1", "1.1", "9", "2.1", "6", "1.2", "5", "2.2", "3", "1.3", "2", "2.3"]
    _, text = run(answers)
    assert text.endswith(
        "Player 1's result: 19\nPlayer 2's result: 19\n\n"
        "Both results are 19: the second player wins ties.\nPlayer 2 wins!\n"
        "Player 2 wins: both results are 19: the second player wins ties.\n"
    )


def test_undefined_result_in_a_player_written_template() -> None:
    options = TemplateOptions(template="_ ÷ (_ − _)", copies=2)
    answers = ["5", "1.1", "1", "2.1", "3", "1.2", "9", "2.2", "3", "1.3", "2", "2.3"]
    _, text = run(answers, options)
    assert "Player 1's equation: __ ÷ (__ − __)" in text
    assert "Available digits: 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9" in text
    assert text.endswith(
        "Player 1's result: undefined (divides by zero)\nPlayer 2's result: 1/7\n\n"
        "Player 1's result divides by zero.\nPlayer 2 wins!\n"
        "Player 2 wins: Player 1's result divides by zero.\n"
    )


def test_digits_0_to_9() -> None:
    options = TemplateOptions(digits=(0, 9))
    answers = ["0", "2.3", "9", "1.3", "8", "1.2", "7", "2.1", "6", "2.2", "5", "1.1"]
    _, text = run(answers, options)
    assert "Available digits: 0 1 2 3 4 5 6 7 8 9" in text
    assert text.endswith(
        "Player 1's result: 77\nPlayer 2's result: 7\n\nPlayer 1 wins!\nPlayer 1 wins: 77 beats 7.\n"
    )


def test_game_set_up_by_moves_resumes() -> None:
    state = GAME.replay(None, ["9@1.1", "8@2.1", "7@2.3", "6@1.3"])
    driver, out = make(["5", "P1 Slot 2", "4", "P2 Slot 2"])
    driver.run(state)
    text = out.getvalue()
    assert "Player 1's equation: 9 + __ × 6\nPlayer 2's equation: 8 + __ × 7" in text
    assert text.endswith(SEED_TRANSCRIPT_END + RESULT_LINE)


def test_match_first_to_two_round_wins_with_alternating_starter() -> None:
    match_runner, out = runner(WALKTHROUGH_INPUT * 2, TemplateOptions(rounds_to_win=2))
    match = match_runner.run()
    text = out.getvalue()
    assert text.startswith(
        "Best of 3: the first to win 2 rounds wins the match.\nRound 1: Player 1 starts.\n"
        "Welcome to Equation Duel!\n"
    )
    assert (
        "Player 1 wins!\nPlayer 1 wins round 1: 39 beats 36.\nScore: Player 1 1, Player 2 0."
        in text
    )
    assert "Round 2: Player 2 starts.\nAvailable digits: 1 2 3 4 5 6 7 8 9" in text
    round_2 = text.split("Round 2: Player 2 starts.")[1]
    assert "Welcome" not in round_2
    assert round_2.index("Player 2, it's your turn.") < round_2.index("Player 1, it's your turn.")
    assert text.endswith(
        "Player 1 wins round 2: 39 beats 36.\nScore: Player 1 2, Player 2 0.\n"
        "Player 1 wins: 2 rounds to 0.\n"
    )
    state = current_state(match)
    assert isinstance(state, TemplateState)
    assert state.options.first == 2


def test_ruling_time_limit_loses_the_round() -> None:
    options = TemplateOptions(turn_seconds=10)
    # Player 1 answers in 3 seconds, Player 2 takes 12.
    clock = iter([0.0, 3.0, 10.0, 22.0])
    match_runner, out = runner(["9", "1.1", "8", "2.1"], options, clock)
    match = match_runner.run()
    text = out.getvalue()
    assert text.startswith("Each turn has a time limit of 10 seconds.\nWelcome to Equation Duel!")
    assert "Player 1 has 10 seconds for this turn.\nPlayer 1, it's your turn." in text
    assert "Player 2's equation: 8" not in text  # the late move is not played
    assert text.endswith(
        "Time is up! Player 2 took 12.0 seconds; the limit is 10 seconds.\n"
        "Player 1 wins: Player 2's time ran out.\n"
    )
    outcome = match_outcome(match)
    assert outcome is not None
    assert (outcome.winner, record_reason(outcome)) == (1, "Player 2's time ran out")
    assert match_runner.seconds == [3.0]


def test_time_out_in_a_match_goes_on_to_the_next_round() -> None:
    options = TemplateOptions(turn_seconds=5, rounds_to_win=2)
    clock = iter([0.0, 9.0, *[0.0] * 40])  # Player 1 is late in round 1, then all are quick
    match_runner, out = runner(["9", "1.1", *WALKTHROUGH_INPUT], options, clock)
    with pytest.raises(EndOfInput):  # round 3 has no answers
        match_runner.run()
    text = out.getvalue()
    assert "Player 2 wins round 1: Player 1's time ran out.\nScore: Player 1 0, Player 2 1." in text
    assert "Round 2: Player 2 starts." in text
    assert (
        "Player 1 wins round 2: 39 beats 36.\nScore: Player 1 1, Player 2 1.\n\n"
        "Round 3: Player 1 starts." in text
    )
    assert match_runner.match.wins == (1, 1)
    assert match_runner.match.round_number == 3


def test_computer_player_in_run() -> None:
    def bot(state: TemplateState) -> object:
        return GAME.legal_moves(state)[0]

    driver, out = make(["9", "P2 Slot 1", "8", "P2 Slot 2", "7", "P2 Slot 3"])
    state = driver.run(GAME.new(), bots={2: bot})
    text = out.getvalue()
    assert "Player 2 (computer): Put 1 in Player 1's first slot." in text
    assert text.endswith(
        "Player 1's result: 7\nPlayer 2's result: 65\n\nPlayer 2 wins!\nPlayer 2 wins: 65 beats 7.\n"
    )
    assert isinstance(state, TemplateState)
    assert state.is_full()
