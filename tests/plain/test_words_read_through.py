"""The line mode's words as a newcomer reads them: no "9..", help that does not repeat
itself in `--spoken`, ..."""

from __future__ import annotations

import re

import pytest

from tests.app.test_cli import run


def test_a_refused_whole_move_ends_with_one_full_stop() -> None:
    said = run("play", "fifty", "--plain", stdin="4*5\n4*6\n").stdout
    assert "4 is already used. Available numbers: 1 2 3 6 7 8 9.\n" in said
    assert ".." not in said


@pytest.mark.parametrize("game_id", ["collect", "template", "fifty", "conquest", "countdown"])
def test_spoken_help_says_each_way_to_type_a_move_once(game_id: str) -> None:
    spoken = run("play", game_id, "--plain", "--spoken", stdin="help\n").stdout
    help_text = " ".join(spoken[spoken.index("Commands, at any prompt") :].split())
    assert "typed" not in help_text and "6 times 7, or 6 times 7" not in help_text
    assert "minus 9 or minus 9" not in help_text
    assert not re.search(r"\b(\w+ \d+) or \1\b", help_text), help_text
    written = run("play", game_id, "--plain", stdin="help\n").stdout
    if game_id in ("collect", "fifty", "countdown"):  # the symbols too, once
        assert "(typed: " in " ".join(written.replace("\N{NO-BREAK SPACE}", " ").split())


def test_a_whole_move_at_fiftys_second_prompt_is_not_echoed_in_notation() -> None:
    said = run("play", "fifty", "--plain", stdin="4\n6 times 7\n5\n*\n").stdout
    assert "'6*7'" not in said
    assert "> 6 times 7\nError: one number here; a whole move goes at the first prompt.\n" in said
    assert "Equation: 4 × 5 = 20" in said  # the turn goes on with the first number


def test_a_single_game_is_not_called_a_match() -> None:
    refused = run("play", "conquest", "--plain", "--moves", "2 3 5 7")
    assert refused.returncode == 2
    assert "move 4 ('7'): The game is over: Player 1 won, 2 + 3 = 5 formed\n" in refused.stderr
    refused = run("play", "conquest", "--plain", "--best-of", "3", "--moves", "2 3 5 7 1 2 3 4")
    assert "move 8 ('4'): The match is over: Player 1 won, 2 rounds to 0" in refused.stderr


def test_a_target_of_one_is_one_point() -> None:
    said = run("play", "fifty", "--plain", "--target", "1", stdin="").stdout
    assert "The target is exactly 1 point.\n" in said


def test_a_rule_of_the_options_together_names_the_flags_given() -> None:
    refused = run("play", "template", "--plain", "--digits", "4-8")
    assert refused.stderr.startswith("equation-duel: error: --digits: the digits 4-8 give a pool")
    assert ": :" not in refused.stderr
