"""Countdown Duel in plain-text mode: the seed's command-line samples, bad input, names."""

from __future__ import annotations

from io import StringIO

import pytest

from app.plain.base import Console
from app.plain.countdown import Driver
from app.plain.stops import EndOfInput
from rules.countdown import GAME, CountdownMove, CountdownOptions, CountdownState

PROMPT_1 = "Player 1, enter your number and operation (e.g., '+5'): "
PROMPT_2 = "Player 2, enter your number and operation (e.g., '+5'): "


def run(
    text: str,
    options: CountdownOptions | None = None,
    names: tuple[str, str] = ("Player 1", "Player 2"),
    state: CountdownState | None = None,
) -> tuple[CountdownState, str]:
    stdout = StringIO()
    console = Console(StringIO(text), stdout)
    final = Driver(GAME, console, names).run(state or GAME.new(options))
    assert isinstance(final, CountdownState)
    return final, stdout.getvalue()


def run_partial(text: str, names: tuple[str, str] = ("Player 1", "Player 2")) -> str:
    """The transcript of a game that stops when the input ends (as the CLI does)."""
    stdout = StringIO()
    console = Console(StringIO(text), stdout)
    with pytest.raises(EndOfInput):
        Driver(GAME, console, names).run(GAME.new())
    return stdout.getvalue()


def lines(output: str) -> list[str]:
    return output.splitlines()


def test_seed_sample_turns_and_game_end() -> None:
    final, output = run("+5\n*3\n+4\n*2\n")
    out = lines(output)
    # Player A's turn (Player A = Player 1).
    assert PROMPT_1 + "+5" in out
    i = out.index(PROMPT_1 + "+5")
    assert out[i + 1 : i + 3] == [
        "Player 1 adds 5. Running total is now 5.",
        "Player 1's available numbers: 1-4, 6-9.",
    ]
    # Player B's turn.
    i = out.index(PROMPT_2 + "*3")
    assert out[i + 1 : i + 3] == [
        "Player 2 multiplies by 3. Running total is now 15.",
        "Player 2's available numbers: 1-2, 4-9.",
    ]
    # Checking for game end, then the result line every game ends with.
    assert out[-5:] == [
        "Player 2 multiplies by 2. Running total is now 38.",
        "Player 2's available numbers: 1, 4-9.",
        "Running total has reached or exceeded 30.",
        "Player 2 wins the game!",
        "Player 2 wins: the running total reached 38.",
    ]
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winner == 2


def test_seed_additional_example() -> None:
    final, output = run("+7\n*9\n")
    out = lines(output)
    assert "Player 2 multiplies by 9. Running total is now 63." in out
    assert out[-2:] == ["Player 2 wins the game!", "Player 2 wins: the running total reached 63."]
    assert final.running_total == 63


def test_status_shown_at_start_of_each_turn() -> None:
    _, output = run("+5\n*3\n+4\n*2\n")
    out = lines(output)
    assert out.count("Running total: 0 (target 30)") == 1
    assert "Numbers left: Player 1: 1-9 | Player 2: 1-9" in out
    assert "Running total: 15 (target 30)" in out
    assert "Numbers left: Player 1: 1-4, 6-9 | Player 2: 1-2, 4-9" in out


def test_seed_invalid_operation_division_by_zero() -> None:
    final, output = run("/0\n+5\n*3\n+4\n*2\n")
    out = lines(output)
    i = out.index(PROMPT_1 + "/0")
    assert out[i + 1 : i + 3] == [
        "Invalid move: Division by zero is not allowed.",
        "Player 1 loses their turn.",
    ]
    # Play passed to Player 2; nothing else changed.
    assert "Running total: 0 (target 30)" in out[i + 3 :]
    assert PROMPT_2 + "+5" in out
    assert "Player 2 adds 5. Running total is now 5." in out
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winner == 1


def test_lost_turn_for_used_and_out_of_range_numbers() -> None:
    _, output = run("+5\n+1\n+5\n+12\n")
    out = lines(output)
    assert "Invalid move: 5 has already been used (numbers left: 1-4, 6-9)." in out
    assert "Invalid move: 12 is not one of the numbers 1-9." in out
    assert out.count("Player 1 loses their turn.") == 1
    assert out.count("Player 2 loses their turn.") == 1


def test_not_a_move_is_refused_and_prompt_repeats() -> None:
    final, output = run("hello\n\n+5\n*3\n+4\n*2\n")
    out = lines(output)
    assert out.count(PROMPT_1 + "hello") == 1
    refusals = [line for line in out if line.startswith("Invalid input:")]
    assert len(refusals) == 2
    assert "'hello' is not a move" in refusals[0]
    assert "Player 1 loses their turn." not in out
    assert final.running_total == 38


def test_other_spellings_accepted() -> None:
    final, output = run("5+\n× 3\n+ 4\n2x\n")
    assert final.running_total == 38
    assert "Player 2 multiplies by 3. Running total is now 15." in lines(output)


def test_subtracts_and_divides_messages() -> None:
    output = run_partial("-7\n/2\n")
    out = lines(output)
    assert "Player 1 subtracts 7. Running total is now -7." in out
    assert "Player 2 divides by 2. Running total is now -3." in out


def test_pass_is_confirmed() -> None:
    final, output = run("pass\nmaybe\nno\n+5\npass\ny\npass\nyes\n")
    out = lines(output)
    assert out.count("Pass your turn? (yes/no): maybe") == 1
    assert "Please answer yes or no." in out
    assert "Player 2 passes." in out
    assert "Player 1 passes." in out
    assert out[-2:] == [
        "Player 1 wins the game!",
        "Player 1 wins: stalemate, Player 1 made the last valid move.",
    ]
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winner == 1


def test_nobody_valid_second_player_wins() -> None:
    _, output = run("/0\n+10\n")
    out = lines(output)
    assert out[-2:] == [
        "Player 2 wins the game!",
        "Player 2 wins: stalemate, nobody made a valid move.",
    ]


def test_forced_skip_without_a_prompt() -> None:
    options = CountdownOptions(pool=(1, 1), target=1000)
    final, output = run("+1\npass\nyes\n", options)
    out = lines(output)
    assert "Player 1 has no numbers left and skips the turn." in out
    assert out[-2:] == [
        "Player 1 wins the game!",
        "Player 1 wins: stalemate, Player 1 made the last valid move.",
    ]
    assert GAME.outcome(final) is not None


def test_custom_names() -> None:
    output = run_partial("/0\n+5\npass\nyes\n*3\n", names=("Ada", "Bob"))
    out = lines(output)
    assert "Ada, enter your number and operation (e.g., '+5'): /0" in out
    assert "Ada loses their turn." in out
    assert "Bob adds 5. Running total is now 5." in out
    assert "Bob's available numbers: 1-4, 6-9." in out
    assert not any("Player 1" in line or "Player 2" in line for line in out)


def test_custom_names_in_stalemate() -> None:
    _, output = run("+5\npass\nyes\npass\nyes\n", names=("Ada", "Bob"))
    assert lines(output)[-2:] == [
        "Ada wins the game!",
        "Ada wins: stalemate, Ada made the last valid move.",
    ]


def test_variant_target_and_first_2() -> None:
    options = CountdownOptions(target=10, first=2)
    final, output = run("+9\n+1\n", options)
    out = lines(output)
    assert out[1].startswith("Reach 10 or more")
    assert out[-3:] == [
        "Running total has reached or exceeded 10.",
        "Player 1 wins the game!",
        "Player 1 wins: the running total reached 10.",
    ]
    assert final.running_total == 10


def test_computer_player_is_announced_with_status() -> None:
    stdout = StringIO()
    console = Console(StringIO("+5\n"), stdout)
    move = CountdownMove(op="*", number=9)
    Driver(GAME, console, ("Player 1", "Player 2")).run(GAME.new(), {2: lambda s: move})
    out = lines(stdout.getvalue())
    assert "Player 2 (computer): Multiply by 9: 5 × 9 = 45." in out
    assert "Running total: 5 (target 30)" in out
    assert out[-2:] == ["Player 2 wins the game!", "Player 2 wins: the running total reached 45."]


def test_end_of_input_mid_game_raises_end_of_input() -> None:
    console = Console(StringIO("+5\n"), StringIO())
    with pytest.raises(EndOfInput):
        Driver(GAME, console, ("Player 1", "Player 2")).run(GAME.new())


def test_end_of_input_at_pass_confirmation() -> None:
    console = Console(StringIO("pass\n"), StringIO())
    with pytest.raises(EndOfInput):
        Driver(GAME, console, ("Player 1", "Player 2")).run(GAME.new())


def test_resume_from_a_finished_game_prints_the_result() -> None:
    state = GAME.replay(None, ["+5", "*3", "+4", "*2"])
    _, output = run("", state=state)
    assert lines(output)[-3:] == [
        "Running total has reached or exceeded 30.",
        "Player 2 wins the game!",
        "Player 2 wins: the running total reached 38.",
    ]
