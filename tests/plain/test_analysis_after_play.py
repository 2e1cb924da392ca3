"""`equation-duel play GAME --plain` offers the analysis when its game ends, as the line
mode's menu does, but only to a person at a terminal: a script keeps the result sentence
as its last line."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest

from app.cli import main as cli

#: Conquest won by Player 1 with its third number (3 = 8 − 5).
MOVES = ("take 2", "take 9", "take 3", "take 8", "take 5")


class Terminal(StringIO):
    """Standard input as a terminal gives it: typed lines, `isatty()` true."""

    def isatty(self) -> bool:
        return True


def play(monkeypatch: pytest.MonkeyPatch, stdin: StringIO) -> tuple[int, str]:
    out = StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    code = cli.main(["play", "conquest", "--plain"])
    return code, out.getvalue()


def test_a_script_is_not_asked(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play(monkeypatch, StringIO("".join(m + "\n" for m in MOVES)))
    assert code == 0
    assert "analysis" not in text
    assert text.rstrip().splitlines()[-1] == "Player 1 wins: 3 = 8 − 5 formed."


def test_a_terminal_is_offered_the_analysis_in_words(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = play(monkeypatch, Terminal("".join(m + "\n" for m in (*MOVES, "yes"))))
    assert code == 0
    after = text.split("Player 1 wins: 3 = 8 − 5 formed.\n", 1)[1]
    assert after.startswith("Read the analysis of this game? (yes/no): Analysing the game.\n")
    assert "At the start: " in after
    assert "Move 1, Player 1: " in after
    assert "Move 5, Player 1: " in after


def test_a_terminal_may_say_no_or_end_its_input(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for answer in (("no",), ()):
        code, text = play(monkeypatch, Terminal("".join(m + "\n" for m in (*MOVES, *answer))))
        assert code == 0
        assert "Read the analysis of this game? (yes/no): " in text
        assert "Analysing the game." not in text
