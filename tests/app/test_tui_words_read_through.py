"""What a read-through of every screen at 80×24 found in words (issue 24), each kept:
no list in brackets, no name cut bare, one dash in ranges, game lengths in each
player's own moves, and analysis rows that never break inside their verdict."""

from __future__ import annotations

from textual.content import Content

from app.tui.analysis_lines import fitted
from app.tui.boards.common import side_by_side
from rules.words.common import listed_in_words, moves_played, turns_of
from tests.widgets.test_widgets import Host
from widgets.score_bar import ScoreBar


def test_a_refusal_lists_numbers_in_words() -> None:
    said = "1 has been taken; available numbers: [2, 4, 5, 6, 7, 8, 9]"
    assert listed_in_words(said) == "1 has been taken; available numbers: 2, 4, 5, 6, 7, 8, 9"
    assert listed_in_words("your numbers [3]") == "your numbers 3"
    assert listed_in_words("a [b] c") == "a [b] c"  # (only lists of numbers)


def test_a_game_s_length_is_each_player_s_own_moves() -> None:
    names = ("Ann", "Computer (perfect)")
    assert moves_played((2, 2), names) == "2 moves each"
    assert moves_played((1, 1), names) == "1 move each"
    assert moves_played((3, 2), names) == "3 moves by Ann and 2 by Computer (perfect)"
    assert turns_of(5, 1) == (3, 2) and turns_of(5, 2) == (2, 3) and turns_of(4, 2) == (2, 2)


def test_a_verdict_goes_below_its_move_rather_than_breaking() -> None:
    head: list[Content | tuple[str, str] | str] = ["  1. ", "Ann    ", "8 × 6 = 48 "]
    row = fitted(head, "✓ keeps the win")
    assert row.at(40).plain == "  1. Ann    8 × 6 = 48 ✓ keeps the win"
    assert row.at(32).plain == ("  1. Ann    8 × 6 = 48 \n      ✓ keeps the win")


def test_holdings_go_one_a_line_when_they_would_not_fit() -> None:
    assert side_by_side(["Ann: 5 7", "Bob: 2"]) == "Ann: 5 7   Bob: 2"
    long = ["Ann: nothing yet", "Computer (perfect): nothing yet"]
    assert side_by_side(long) == "Ann: nothing yet\nComputer (perfect): nothing yet"


async def test_a_long_name_on_a_score_bar_ends_with_an_ellipsis() -> None:
    bar = ScoreBar(2)
    async with Host(bar).run_test(size=(60, 3)) as pilot:
        bar.label, bar.score, bar.target = "Alexandrina", 12, 50
        await pilot.pause()
        assert str(bar.render()).startswith("Alexandri… ")
        # A computer is tagged as in the move list, never a cut word ("Computer…").
        bar.label = "Computer 2 (easy)"
        await pilot.pause()
        shown = str(bar.render())
        assert shown.startswith("CPU 2      ") and "Computer" not in shown
