"""The line mode writes linear text: no drawing, no escapes, no line over 100 characters.

Every plain transcript of the test set is checked as it is made (`tests.plain.transcripts`,
autouse through tests/conftest.py); these tests check the checker and the console's line
breaking.
"""

from __future__ import annotations

from io import StringIO

from app.plain import base
from app.plain.base import WIDTH, Console
from tests.plain.transcripts import MAX_WIDTH, problems


def test_the_check_finds_drawing_escapes_and_long_lines() -> None:
    assert problems("Available Numbers: 1 2 3\nPlayer 1 wins: 50 exactly.") == []
    assert problems("┌──────┐")
    assert problems("│ 7 │")
    assert problems("⠋ thinking")  # a spinner's frame
    assert problems("\x1b[31mred\x1b[0m")
    assert problems("back\rover")
    assert problems("x" * (MAX_WIDTH + 1))
    assert not problems("x" * MAX_WIDTH)
    assert not problems(f"/tmp/{'d' * MAX_WIDTH}/game.json.")  # (a path alone is kept whole)
    assert problems(f"Saved to /tmp/{'d' * MAX_WIDTH}/game.json.")


def test_a_long_line_is_broken_at_spaces() -> None:
    out = StringIO()
    console = Console(StringIO(), out)
    console.say(" ".join(["word"] * 60))
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert all(len(line) <= WIDTH for line in lines)
    assert " ".join(lines) == " ".join(["word"] * 60)


def test_a_long_answer_quoted_back_is_shortened() -> None:
    out = StringIO()
    console = Console(StringIO(), out)
    console.say(f"Invalid input: '{'9' * 5000}' is not a move.")
    assert (
        out.getvalue()
        == "Invalid input: '99999999999999999999…' (5,000 characters) is not a move.\n"
    )


def test_a_long_word_is_shortened_but_a_path_kept() -> None:
    out = StringIO()
    console = Console(StringIO(), out)
    console.say(f"Pick 2, then declare {'(' * 3000}.")
    assert out.getvalue() == "Pick 2, then declare ((((((((((((((((((((… (3,001 characters)\n"
    path = f"Saved to /{'d' * 120}/game.json."
    assert base._LONG_WORD.sub(base._cut, path) == path  # (a path is kept whole)
