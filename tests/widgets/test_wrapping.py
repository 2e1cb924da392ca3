"""Lines broken where a reader breaks them: never inside an equation, nor between a word
and its number (widgets.wrapping)."""

from __future__ import annotations

from widgets.wrapping import pieces, wrap_keeping


def test_an_equation_and_a_slot_number_stay_together() -> None:
    assert pieces("pick 4 · 1 + 3 = 4") == ["pick 4 ·", "1 + 3 = 4"]
    assert pieces("9 → P2's slot 3") == ["9 →", "P2's slot 3"]
    assert wrap_keeping("pick 4 · 1 + 3 = 4", 12) == ["pick 4 ·", "1 + 3 = 4"]
    assert wrap_keeping("9 → Ann's slot 1", 12) == ["9 →", "Ann's slot 1"]
    # A numbered name keeps its number and possessive; a mark ✗ keeps its equation.
    assert pieces("Player 1: 1 in Player 2's third slot") == [
        "Player 1:",
        "1",
        "in",
        "Player 2's third",
        "slot",
    ]
    assert pieces("stating ✗ 1 + 2 = 4") == ["stating", "✗ 1 + 2 = 4"]
    # A name before a colon is a piece of its own: the equation after it stays whole.
    assert wrap_keeping("Player 1: 1 − 5 = −4", 16) == ["Player 1:", "1 − 5 = −4"]
    hint = "Hint: Pick 3, then declare 0 + 3 = 3: you win at once."
    lines = wrap_keeping(hint, 34)
    assert lines == ["Hint: Pick 3, then", "declare 0 + 3 = 3: you win at", "once."]


def test_every_line_fits_and_no_word_is_lost() -> None:
    text = "Put 1 in Player 2's third slot: every reply loses; 12 × 4 − 7 = 41 wins"
    for width in range(1, 80):
        lines = wrap_keeping(text, width)
        assert all(len(line) <= width for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_lines_already_broken_stay_broken_and_no_width_wraps_nothing() -> None:
    assert wrap_keeping("one\ntwo three", 40) == ["one", "two three"]
    assert wrap_keeping("a b c", 0) == ["a b c"]
