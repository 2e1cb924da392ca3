"""Plain-text Collect & Declare: the seed's command-line sample, bad input, sudden death."""

from __future__ import annotations

from io import StringIO

import pytest

from app.plain.base import Console
from app.plain.collect import Driver
from app.plain.stops import EndOfInput
from rules.collect import GAME, CollectMove, CollectOptions, CollectState
from rules.words.outcome import record_reason

PLAYERS = ("Player 1", "Player 2")

SAMPLE_INPUT = "4\nno\n5\nno\n6\nyes\n6 - 4 = 2\n3\nyes\n5 + 3 = 8\n2\nyes\n6 - 4 = 2\n"

#: The seed's "Command-Line Interaction Sample", one block per turn.
SAMPLE_OUTPUT = """\
Available Numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9]
Player 1's Numbers: []
Player 2's Numbers: []

Player 1, select a number from the available numbers.
Available Numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9]
Your Numbers: []

Enter number: 4
Number 4 selected.

Do you want to attempt an equation? (yes/no): no

Player 2, select a number from the available numbers.
Available Numbers: [1, 2, 3, 5, 6, 7, 8, 9]
Your Numbers: []

Enter number: 5
Number 5 selected.

Do you want to attempt an equation? (yes/no): no

Player 1, select a number from the available numbers.
Available Numbers: [1, 2, 3, 6, 7, 8, 9]
Your Numbers: [4]

Enter number: 6
Number 6 selected.

Do you want to attempt an equation? (yes/no): yes
Enter your equation using your numbers: 6 - 4 = 2

Equation is invalid (you do not have number 2). Turn ends.

Player 2, select a number from the available numbers.
Available Numbers: [1, 2, 3, 7, 8, 9]
Your Numbers: [5]

Enter number: 3
Number 3 selected.

Do you want to attempt an equation? (yes/no): yes
Enter your equation using your numbers: 5 + 3 = 8

Equation is invalid (you do not have number 8). Turn ends.

Player 1, select a number from the available numbers.
Available Numbers: [1, 2, 7, 8, 9]
Your Numbers: [4, 6]

Enter number: 2
Number 2 selected.

Do you want to attempt an equation? (yes/no): yes
Enter your equation using your numbers: 6 - 4 = 2

Equation is valid! Player 1 wins the game!
Player 1 wins: 6 − 4 = 2 balances.
"""


def run(
    text: str,
    state: CollectState | None = None,
    names: tuple[str, str] = PLAYERS,
    bots: dict[int, object] | None = None,
) -> tuple[CollectState, str]:
    out = StringIO()
    driver = Driver(GAME, Console(StringIO(text), out), names)
    final = driver.run(state or GAME.new(), bots=bots)  # type: ignore[arg-type]
    assert isinstance(final, CollectState)
    return final, out.getvalue()


def run_until_input_ends(
    text: str, state: CollectState | None = None, names: tuple[str, str] = PLAYERS
) -> str:
    out = StringIO()
    driver = Driver(GAME, Console(StringIO(text), out), names)
    with pytest.raises(EndOfInput):
        driver.run(state or GAME.new())
    return out.getvalue()


def test_seed_command_line_sample() -> None:
    state, output = run(SAMPLE_INPUT)
    assert output == SAMPLE_OUTPUT
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1
    assert record_reason(outcome) == "6 − 4 = 2 balances"


def test_seed_sample_lines_appear_in_order() -> None:
    _, output = run(SAMPLE_INPUT)
    lines = output.splitlines()
    expected = [
        "Available Numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9]",
        "Player 1's Numbers: []",
        "Player 2's Numbers: []",
        "Player 1, select a number from the available numbers.",
        "Enter number: 4",
        "Number 4 selected.",
        "Do you want to attempt an equation? (yes/no): no",
        "Your Numbers: [4]",
        "Enter your equation using your numbers: 6 - 4 = 2",
        "Equation is invalid (you do not have number 2). Turn ends.",
        "Equation is invalid (you do not have number 8). Turn ends.",
        "Equation is valid! Player 1 wins the game!",
    ]
    position = 0
    for line in expected:
        position = lines.index(line, position) + 1
    assert lines[-2:] == [
        "Equation is valid! Player 1 wins the game!",
        "Player 1 wins: 6 − 4 = 2 balances.",
    ]


def test_yes_no_in_any_case_and_asking_again() -> None:
    output = run_until_input_ends("4\nY\n\n5\nmaybe\nN\n6\nYES\n6-4=2\n3\nNo\n2\ny\n6×4=24\n")
    assert output.count("Please answer yes or no.") == 1
    assert "No equation entered." in output
    assert output.count("Enter your equation using your numbers:") == 3
    assert "Equation is invalid (you do not have number 2). Turn ends." in output
    assert "Equation is invalid (you do not have number 24). Turn ends." in output


def test_bad_numbers_get_a_message_and_the_prompt_again() -> None:
    lines = run_until_input_ends("five\n\n12\n0\n4\nno\n4\n٥\n3\nno\n").splitlines()
    assert "Enter number: five" in lines
    available = "[1, 2, 3, 4, 5, 6, 7, 8, 9]"
    assert lines.count(f"Please enter one of the available numbers: {available}") == 2
    assert f"12 is not in the pool (numbers 1 to 9); available numbers: {available}." in lines
    assert f"0 is not in the pool (numbers 1 to 9); available numbers: {available}." in lines
    assert "4 has been taken; available numbers: [1, 2, 3, 5, 6, 7, 8, 9]." in lines
    assert (  # (a line over 100 characters is broken at a space)
        "'٥' is not one of the digits 0–9: write numbers with 0–9. "
        "Please enter one of the available numbers:\n[1, 2, 3, 5, 6, 7, 8, 9]"
    ) in "\n".join(lines)
    assert "Number 3 selected." in lines


def test_taken_number_is_refused_as_in_the_corrected_examples() -> None:
    state = GAME.replay(None, ["5", "3", "2:5-2=3", "7:7-3=4"])
    output = run_until_input_ends("3\n1\nno\n", state)
    assert "3 has been taken; available numbers: [1, 4, 6, 8, 9]." in output
    assert "Number 1 selected." in output


def test_end_of_input_mid_game_ends_cleanly() -> None:
    out = StringIO()
    driver = Driver(GAME, Console(StringIO("4\nno\n5\n"), out), PLAYERS)
    with pytest.raises(EndOfInput):
        driver.run(GAME.new())
    assert out.getvalue().endswith("Do you want to attempt an equation? (yes/no): \n")


def test_invalid_declaration_message_names_the_reason() -> None:
    output = run_until_input_ends("4\nyes\n4 - = 2\n5\nyes\n2 ^ 2 = 4\n")
    lines = output.splitlines()
    invalid = [line for line in lines if line.startswith("Equation is invalid (")]
    assert len(invalid) == 2
    assert all(line.endswith("). Turn ends.") for line in invalid)


SUDDEN_DEATH_INPUT = "1\nno\n2\nno\n4\nno\n3\nno\nno\nyes\n2 + 3 = 5\nno\nno\n"


def test_sudden_death_and_higher_sum() -> None:
    state, output = run(SUDDEN_DEATH_INPUT, GAME.new(CollectOptions(pool=(1, 4))))
    assert "Sudden death! No more numbers can be selected." in output
    assert "starting with Player 1." in output
    assert "Sudden death, turn 1 of 4: Player 1's turn." in output
    assert "Sudden death, turn 4 of 4: Player 2's turn." in output
    assert "Enter number:" not in output.split("Sudden death!")[1]
    assert "Equation is invalid (you do not have number 5). Turn ends." in output
    assert "Sudden death is over and no valid equation has been declared." in output
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1  # equal sums 5, Player 1 holds 4
    assert output.splitlines()[-3:] == [  # (a line over 100 characters is broken at a space)
        "Sudden death is over and no valid equation has been declared.",
        "Player 1 wins: no valid equation after sudden death; equal sums (5 each) and Player 1 holds the",
        "largest number, 4.",
    ]


def test_sudden_death_valid_declaration_wins() -> None:
    state, output = run(
        "1\nno\n2\nno\n3\nno\n4\nno\n5\nno\n6\nno\nno\nyes\n2 + 4 = 6\n",
        GAME.new(CollectOptions(pool=(1, 6))),
    )
    assert "Sudden death, turn 2 of 4: Player 2's turn." in output
    assert output.splitlines()[-2:] == [
        "Equation is valid! Player 2 wins the game!",
        "Player 2 wins: 2 + 4 = 6 balances.",
    ]
    assert "Sudden death is over" not in output
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2
    assert state.sudden_death_turns == 2


def test_resuming_in_sudden_death() -> None:
    state = GAME.replay(CollectOptions(pool=(1, 4)), ["1", "2", "3", "4", ":"])
    output = run_until_input_ends("", state)
    assert "Sudden death: no more numbers can be selected." in output
    assert "Sudden death, turn 2 of 4: Player 2's turn." in output


def test_custom_names_and_variant_line() -> None:
    output = run_until_input_ends(
        "12\nno\n3\nno\n4\nyes\n3 × 4 = 12\n",
        GAME.new(CollectOptions(pool=(1, 15), ops=("+", "-"))),
        names=("Ada", "Bob"),
    )
    lines = output.splitlines()
    assert lines[0] == "Variant: numbers 1 to 15, operators + − only."
    assert "Ada's Numbers: []" in lines
    assert "Ada, select a number from the available numbers." in lines
    assert "Equation is invalid (× is not allowed in this game (only + −)). Turn ends." in lines


def test_computer_player_moves_are_announced() -> None:
    def bot(state: CollectState) -> CollectMove:
        moves = GAME.legal_moves(state)
        return next((m for m in moves if m.declaration is not None), moves[-1])

    state, output = run("1\nno\n2\nno\n3\nno\n4\nno\n", bots={2: bot})
    assert "Player 2 (computer) selects number 9." in output
    assert "Player 2 (computer) does not attempt an equation." in output
    assert "Player 2 (computer) declares 6 + 9 = 7 + 8." in output
    assert output.splitlines()[-2:] == [
        "Equation is valid! Player 2 wins the game!",
        "Player 2 wins: 6 + 9 = 7 + 8 balances.",
    ]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 2


def test_resuming_a_finished_game_prints_the_winner() -> None:
    state = GAME.replay(None, ["4", "5", "6", "3", "2:6-4=2"])
    _, output = run("", state)
    lines = output.splitlines()
    assert lines[-1] == "Player 1 wins: 6 − 4 = 2 balances."
    assert output.count("wins") == 1  # no seed verdict: no declaration was made in this run


def test_custom_names_in_the_verdict() -> None:
    state, output = run(SAMPLE_INPUT, names=("Ada", "Bob"))
    lines = output.splitlines()
    assert "Bob's Numbers: []" in lines
    assert "Bob, select a number from the available numbers." in lines
    assert lines[-2:] == ["Equation is valid! Ada wins the game!", "Ada wins: 6 − 4 = 2 balances."]
    assert output.count("Player ") == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 1
