"""A whole game of each game, the computer against the computer at `perfect`, read in the
`--spoken` style as a screen reader would say it: no brackets around lists, no bar between
parts, no blank drawn as underscores, every equation in words, and each move said once
(the computer's move is not announced before a report that says it again)."""

from __future__ import annotations

import itertools
import re
import sys
from io import StringIO
from pathlib import Path

import pytest

from app.cli import main as cli
from app.plain.spoken import spoken_text
from rules.games import GAME_IDS

#: What a screen reader reads badly or aloud as a symbol's name.
UNREAD = re.compile(r"[\[\]|_×÷−=*/]|\(computer\)\s*\(computer\)|\) \(computer\)")


def test_lists_bars_and_blanks_are_said_in_words() -> None:
    assert spoken_text("Sequence: [6, 5]") == "Sequence: 6, 5"
    assert spoken_text("Your Numbers: []") == "Your Numbers: none"
    assert spoken_text("Ada's equation: __ + __ × 4") == "Ada's equation: blank plus blank times 4"
    assert spoken_text("Numbers left: Ada: 1-9 | Bob: 2-9") == (
        "Numbers left: Ada: 1 to 9; Bob: 2 to 9"
    )
    assert spoken_text("choose an operation (+, -, *, /)") == "choose an operation (+, -, *, /)"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_reads_well_aloud(
    game_id: str, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = StringIO()
    monkeypatch.setattr(sys, "stdin", StringIO(""))
    monkeypatch.setattr(sys, "stdout", out)
    flags = ["--p1", "medium", "--p2", "perfect", "--seed", "3"]
    assert cli.main(["play", game_id, "--plain", "--spoken", *flags]) == 0
    lines = out.getvalue().splitlines()
    assert " wins" in lines[-1], lines[-1]
    for line in lines:
        if line.startswith("Enter an operator"):  # what to type, with the symbols to type
            continue
        assert not UNREAD.search(line), line
    said = [line for line in lines if line.strip()]
    for earlier, later in itertools.pairwise(said):
        assert earlier != later, earlier
    if game_id in ("fifty", "countdown"):  # the report says each move and who made it
        announced = [
            line
            for line in lines
            if line.startswith(("Computer (medium): ", "Computer (perfect): "))
        ]
        assert not announced, announced
