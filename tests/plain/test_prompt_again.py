"""After a command's answer the game's whole prompt comes again, at every prompt of
every game (fifty's says its line above the `> ` again)."""

from __future__ import annotations

import pytest

from tests.app.test_plain_commands import play

NONE_YET = "No move has been played yet in this round.\n"

#: For each game: the answers that reach a prompt, and that prompt whole.
PROMPTS = [
    ("collect", [], "Enter number: "),
    ("collect", ["2"], "Do you want to attempt an equation? (yes/no): "),
    ("collect", ["2", "yes"], "Enter your equation using your numbers: "),
    ("template", [], "Select a digit: "),
    ("template", ["7"], "Choose a slot to place the digit (e.g., P1 Slot 1, P2 Slot 2): "),
    ("fifty", [], "Player 1, select your first number:\n> "),
    ("fifty", ["6"], "Player 1, select your second number:\n> "),
    ("fifty", ["6", "7"], "Player 1, choose an operation (+, -, *, /):\n> "),
    ("conquest", [], "Enter a number (1-9): "),
    ("countdown", [], "Player 1, enter your number and operation (e.g., '+5'): "),
    ("countdown", ["pass"], "Pass your turn? (yes/no): "),
]


@pytest.mark.parametrize(("game_id", "before", "prompt"), PROMPTS)
def test_the_whole_prompt_comes_again_after_a_command(
    game_id: str, before: list[str], prompt: str
) -> None:
    text, _ = play(game_id, [*before, "last"])
    asked = text.index(f"{prompt}last\n")
    assert text[asked:].startswith(f"{prompt}last\n{NONE_YET}{prompt}\n")
