"""The seed's command-line example for Equation Conquest, through the plain driver."""

from __future__ import annotations

from io import StringIO

import pytest

from app.plain.base import Console
from app.plain.conquest import Driver
from app.plain.stops import EndOfInput
from rules.conquest import GAME, ConquestOptions


def play(lines: str, options: ConquestOptions | None = None, names=("Player 1", "Player 2")) -> str:  # type: ignore[no-untyped-def]
    out = StringIO()
    driver = Driver(GAME, Console(StringIO(lines), out), names)
    driver.run(GAME.new(options))
    return out.getvalue()


def test_seed_command_line_example() -> None:
    text = play("2\n3\n5\n")
    expected = [
        "Game Start! The sequence is empty.",
        "",
        "Player 1's turn.",
        "Enter a number (1-9): 2",
        "Sequence: [2]",
        "No equation formed. Game continues.",
        "",
        "Player 2's turn.",
        "Enter a number (1-9): 3",
        "Sequence: [2, 3]",
        "No equation formed. Game continues.",
        "",
        "Player 1's turn.",
        "Enter a number (1-9): 5",
        "Sequence: [2, 3, 5]",
        "Equation formed: 2 + 3 = 5",
        "Player 1 wins!",
        "Player 1 wins: 2 + 3 = 5 formed.",
    ]
    assert text.splitlines() == expected


def test_bad_input_gets_a_message_and_the_prompt_again() -> None:
    text = play("0\n10\nseven\n\n2\n3\n5\n")
    assert text.count("Invalid input: enter a whole number from 1 to 9.") == 4
    assert text.rstrip().endswith("Player 1 wins: 2 + 3 = 5 formed.")


def test_declare_variant_statement_prompt() -> None:
    text = play("2\n3\n5\n2 × 3 = 5\n2\n3 = 5 − 2\n", ConquestOptions(declare=True))
    assert "The win is forfeited: 2 × 3 = 5 was stated, but it does not balance;" in text
    assert "Equation declared: 3 = 5 − 2" in text
    assert text.rstrip().endswith("Player 2 wins: 3 = 5 − 2 declared.")


def test_a_wrong_statement_is_named_in_its_reason() -> None:
    # Issue 34: the reason read "(the equation must use the last three numbers 2, 3, 5 in
    # order); 2 + 3 = 5 was there", naming only an equation the player had not stated.
    text = play("2\n3\n5\n2+3=6\n2\n3 = 5 − 2\n", ConquestOptions(declare=True))
    said = " ".join(text.split())
    assert (
        "The win is forfeited: 2 + 3 = 6 was stated, but the equation must use the last "
        "three numbers 2, 3, 5 in order; 2 + 3 = 5 was there. Game continues." in said
    )


def test_names_are_used() -> None:
    text = play("2\n3\n5\n", names=("Ada", "Bob"))
    assert "Ada's turn." in text and "Bob's turn." in text
    assert text.rstrip().endswith("Ada wins: 2 + 3 = 5 formed.")


def test_end_of_input_mid_game() -> None:
    with pytest.raises(EndOfInput):
        play("2\n")
