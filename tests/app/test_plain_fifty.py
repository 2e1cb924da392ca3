"""Exactly Fifty in plain-text mode: the seed's section 8 transcripts, bad input, the end."""

from __future__ import annotations

from io import StringIO

import pytest

from app.plain.base import Console
from app.plain.fifty import Driver
from app.plain.stops import EndOfInput
from rules.base import Outcome
from rules.fifty import GAME, FiftyMove, FiftyOptions, FiftyState
from rules.words.outcome import record_reason

SEED_START = """\
Welcome to Equation Duel!
Player 1 and Player 2 start with 0 points.
Available Numbers: 1 2 3 4 5 6 7 8 9
Player 1 will go first.
"""

SEED_PLAYER_1 = """\
Available Numbers: 1 2 3 4 5 6 7 8 9
Player 1's Score: 0
Player 1, select your first number:
> 3
Player 1, select your second number:
> 8
Player 1, choose an operation (+, -, *, /):
> *
Equation: 3 × 8 = 24
Player 1's new score: 0 + 24 = 24
Numbers 3 and 8 are now used.
"""

SEED_PLAYER_2 = """\
Available Numbers: 1 2 4 5 6 7 9
Player 2's Score: 0
Player 2, select your first number:
> 7
Player 2, select your second number:
> 2
Player 2, choose an operation (+, -, *, /):
> +
Equation: 7 + 2 = 9
Player 2's new score: 0 + 9 = 9
Numbers 7 and 2 are now used.
"""

SEED_WINNING_TURN = """\
Available Numbers: 1 4 5 6 9
Player 1's Score: 45
Player 1, select your first number:
> 5
Player 1, select your second number:
> 5
Error: Numbers must be different and unused.
Player 1, select your second number:
> 4
Player 1, choose an operation (+, -, *, /):
> +
Equation: 5 + 4 = 9
Player 1's new score: 45 + 9 = 54
Player 1's score exceeds 50.
Player 1 loses. Player 2 wins!
"""


def said(outcome: Outcome | None) -> tuple[int, str] | None:
    """An outcome as (winner, the reason records store)."""
    return None if outcome is None else (outcome.winner, record_reason(outcome))


def run(
    answers: str,
    state: FiftyState | None = None,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> tuple[str, FiftyState | None]:
    """Play `answers` (one per line); the final state, or None if input ran out."""
    out = StringIO()
    console = Console(StringIO(answers), out)
    driver = Driver(GAME, console, names)
    try:
        final = driver.run(state or GAME.new())
    except EndOfInput:
        return out.getvalue(), None
    assert isinstance(final, FiftyState)
    return out.getvalue(), final


def lines(*answers: object) -> str:
    return "".join(f"{answer}\n" for answer in answers)


def test_seed_game_start_and_first_two_turns() -> None:
    text, final = run(lines(3, 8, "*", 7, 2, "+"))
    assert final is None  # input ended on Player 1's next turn
    assert text.startswith(SEED_START + "\n" + SEED_PLAYER_1 + "\n" + SEED_PLAYER_2)
    assert text.endswith(
        "Available Numbers: 1 4 5 6 9\n"
        "Player 1's Score: 24\n"
        "Player 1, select your first number:\n"
        "> \n"
    )


def test_seed_potential_winning_turn_goes_over_50() -> None:
    state = FiftyState(pool=(1, 4, 5, 6, 9), scores=(45, 9))
    text, final = run(lines(5, 5, 4, "+"), state)
    assert SEED_WINNING_TURN in text
    # The seed's lines end the turn; the result line every game ends with follows them.
    assert text.endswith(SEED_WINNING_TURN + "Player 2 wins: 54 is over 50.\n")
    assert final is not None
    assert said(GAME.outcome(final)) == (2, "54 is over 50")


def test_seed_example_game_over_50() -> None:
    text, final = run(lines(6, 7, "*", 9, 5, "-", 8, 2, "+"))
    assert "Equation: 6 × 7 = 42\nPlayer 1's new score: 0 + 42 = 42\n" in text
    assert "Equation: 9 − 5 = 4\nPlayer 2's new score: 0 + 4 = 4\n" in text
    assert "Available Numbers: 1 2 3 4 8\nPlayer 1's Score: 42\n" in text
    assert text.endswith(
        "Player 1's new score: 42 + 10 = 52\n"
        "Player 1's score exceeds 50.\n"
        "Player 1 loses. Player 2 wins!\n"
        "Player 2 wins: 52 is over 50.\n"
    )
    assert final is not None and final.busted == 1


def test_game_ending_closest_to_50() -> None:
    text, final = run(lines(6, 7, "*", 9, 5, "*", 8, 3, "-", 4, 1, "*"))
    assert final is not None
    assert final.scores == (47, 49)
    assert text.endswith(
        "Numbers 4 and 1 are now used.\n"
        "Only number 2 is left: the game ends.\n"
        "Player 2 wins: 49 is closer to 50 than 47.\n"
    )


def test_tie_goes_to_the_second_player() -> None:
    _text, final = run(lines(6, 7, "*", 9, 5, "*", 8, 3, "-", 4, 2, "-"))
    assert final is not None
    assert final.scores == (47, 47)
    assert _text.endswith("Player 2 wins: both scores are 47: the second player wins ties.\n")


def test_exactly_50_wins() -> None:
    text, final = run(lines(6, 7, "*", 3, 4, "+", 8, 1, "*"))
    assert final is not None and final.hit == 1
    assert text.endswith(
        "Equation: 8 × 1 = 8\n"
        "Player 1's new score: 42 + 8 = 50\n"
        "Numbers 8 and 1 are now used.\n"
        "Player 1's score is exactly 50.\n"
        "Player 1 wins!\n"
        "Player 1 wins: Player 1 reached exactly 50.\n"
    )


def test_negative_result_and_integer_division() -> None:
    text, _final = run(lines(1, 9, "-", 7, 2, "/"))
    assert "Equation: 1 − 9 = −8\nPlayer 1's new score: 0 + (-8) = -8\n" in text
    assert (
        "Equation: 7 ÷ 2 = 3\n"
        "(Integer division: the remainder 1 is dropped.)\n"
        "Player 2's new score: 0 + 3 = 3\n"
    ) in text


@pytest.mark.parametrize(
    ("op", "shown"), [("×", "×"), ("x", "×"), ("÷", "÷"), ("−", "−"), ("-", "−"), ("/", "÷")]
)
def test_screen_operators_accepted(op: str, shown: str) -> None:
    text, _ = run(lines(8, 2, op))
    value = {"×": 16, "÷": 4, "−": 6}[shown]
    assert f"Equation: 8 {shown} 2 = {value}\n" in text


def test_bad_first_number_asks_again() -> None:
    text, _ = run(lines("abc", "", 12, 0, 3, 8, "*", 3, 7, 2, "+"))
    assert (
        "> abc\nError: 'abc' is not a number. Available Numbers: 1 2 3 4 5 6 7 8 9\n"
        "Player 1, select your first number:\n"
    ) in text
    assert "> \nError: Please enter a number." in text
    assert "> 12\nError: 12 is not in the pool (1 to 9).\n" in text
    assert "> 0\nError: 0 is not in the pool (1 to 9).\n" in text
    # Player 2 picks 3, already used by Player 1.
    assert (
        "Player 2, select your first number:\n"
        "> 3\n"
        "Error: Number 3 is already used. Available Numbers: 1 2 4 5 6 7 9\n"
        "Player 2, select your first number:\n"
        "> 7\n"
    ) in text
    assert "Equation: 7 + 2 = 9\n" in text


def test_used_second_number_gets_the_seed_message() -> None:
    text, _ = run(lines(3, 8, "*", 7, 3, 8, 7, 2, "+"))
    assert (
        "Player 2, select your second number:\n"
        "> 3\n"
        "Error: Numbers must be different and unused.\n"
        "Player 2, select your second number:\n"
        "> 8\n"
        "Error: Numbers must be different and unused.\n"
        "Player 2, select your second number:\n"
        "> 7\n"
        "Error: Numbers must be different and unused.\n"
        "Player 2, select your second number:\n"
        "> 2\n"
    ) in text


def test_unknown_operator_asks_again() -> None:
    text, final = run(lines(3, 8, "^", "", "power", "*"))
    assert final is None
    assert (
        "> ^\n"
        "Error: Unknown operation '^'. Choose +, -, * or /.\n"
        "Player 1, choose an operation (+, -, *, /):\n"
        "> \n"
        "Error: Unknown operation nothing. Choose +, -, * or /.\n"
    ) in text
    assert "Error: Unknown operation 'power'." in text
    assert "Equation: 3 × 8 = 24\n" in text


def test_end_of_input_mid_turn_ends_cleanly() -> None:
    for answers in ("", "3\n", "3\n8\n"):
        text, final = run(answers)
        assert final is None
        assert "Traceback" not in text


def test_custom_names() -> None:
    text, _ = run(lines(3, 8, "*"), names=("Ada", "Bob"))
    assert "Ada and Bob start with 0 points.\n" in text
    assert "Ada will go first.\n" in text
    assert "Ada, select your first number:\n" in text
    assert "Ada's new score: 0 + 24 = 24\n" in text
    assert "Bob's Score: 0\n" in text


def test_player_2_first_and_other_target_and_pool() -> None:
    options = FiftyOptions(first=2, target=20, pool=(1, 6))
    text, final = run(lines(5, 4, "*"), GAME.new(options))
    assert text.startswith(
        "Welcome to Equation Duel!\n"
        "Player 1 and Player 2 start with 0 points.\n"
        "The target is exactly 20 points.\n"
        "Available Numbers: 1 2 3 4 5 6\n"
        "Player 2 will go first.\n"
    )
    assert final is not None
    assert text.endswith(
        "Player 2's score is exactly 20.\n"
        "Player 2 wins!\n"
        "Player 2 wins: Player 2 reached exactly 20.\n"
    )


def test_resumed_game_welcome() -> None:
    state = GAME.replay(None, ["3*8", "7+2"])
    text, _ = run("", state)
    assert text.startswith(
        "Welcome to Equation Duel!\n"
        "Player 1 has 24 points and Player 2 has 9.\n"
        "Available Numbers: 1 4 5 6 9\n"
        "Player 1 moves next.\n"
    )


def test_computer_player() -> None:
    def bot(state: FiftyState) -> FiftyMove:
        return GAME.legal_moves(state)[0]

    out = StringIO()
    driver = Driver(GAME, Console(StringIO(""), out), ("Player 1", "Player 2"))
    final = driver.run(GAME.new(), bots={1: bot, 2: bot})
    assert isinstance(final, FiftyState)
    outcome = GAME.outcome(final)
    assert outcome is not None
    text = out.getvalue()
    assert "Player 1 (computer): Play 1 + 2 = 3.\nEquation: 1 + 2 = 3\n" in text
    assert text.splitlines()[-1] == f"Player {outcome.winner} wins: {record_reason(outcome)}."
