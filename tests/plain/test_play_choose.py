"""`equation-duel play --plain` with no game asks which game and which opponent, with the
line mode's numbered lists, as `equation-duel` with no terminal does."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest

from app.cli import main as cli


def play_plain(monkeypatch: pytest.MonkeyPatch, flags: list[str], *answers: str) -> tuple[int, str]:
    out = StringIO()
    monkeypatch.setattr(sys, "stdin", StringIO("".join(a + "\n" for a in answers)))
    monkeypatch.setattr(sys, "stdout", out)
    code = cli.main(["play", "--plain", *flags])
    return code, out.getvalue()


def test_the_game_and_the_opponent_are_asked(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play_plain(monkeypatch, [], "4", "1", "take 2", "take 3", "take 5")
    assert code == 0
    assert "Which game:\n1. Collect & Declare: Pick numbers" in text
    assert "Choose 1 to 5: 4\n" in text
    assert "Who plays against you:\n1. A friend at this keyboard\n" in text
    assert "Game Start! The sequence is empty." in text
    assert text.rstrip().endswith("Player 1 wins: 2 + 3 = 5 formed.")


def test_the_computer_chosen_plays_the_second_seat(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = play_plain(monkeypatch, ["--seed", "1"], "conquest", "2", "take 2")
    assert code == 0
    assert "Computer (easy) is thinking." in text
    assert "Input ended: the game is left unfinished." in text


def test_seats_given_by_flags_are_not_asked_again(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = play_plain(monkeypatch, ["--p2", "easy", "--p2-name", "Hal"], "4", "take 2")
    assert code == 0
    assert "Who plays against you" not in text
    assert "Computer (easy) is thinking." in text  # a computer is named by its level


def test_flags_apply_to_the_game_chosen(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play_plain(monkeypatch, ["--target", "40"], "3", "1", "quit", "yes")
    assert code == 0
    assert "The target is exactly 40 points." in text
    code, _ = play_plain(monkeypatch, ["--target", "40"], "4", "1")
    assert code == 2  # conquest has no target: refused by name, as with the game named


def test_back_or_the_end_of_input_leaves_quietly(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert play_plain(monkeypatch, [], "back")[0] == 0
    assert play_plain(monkeypatch, [], "2", "back")[0] == 0
    code, text = play_plain(monkeypatch, [])
    assert code == 0
    assert "Which game:" in text


def test_a_game_named_is_not_asked(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play_plain(monkeypatch, ["conquest"], "take 2")
    assert code == 0
    assert "Which game" not in text


@pytest.mark.parametrize(
    ("env", "tty", "said"),
    [
        ({"TERM": "dumb"}, True, "TERM is dumb, so Equation Duel starts in the line mode"),
        ({"TERM": "xterm"}, False, "Standard input is not a terminal, so Equation Duel starts"),
    ],
)
def test_play_without_a_screen_is_the_line_mode_said_in_one_sentence(
    data: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], tty: bool, said: str
) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    stdin = StringIO("take 2\n")
    monkeypatch.setattr(stdin, "isatty", lambda: tty)
    out = StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "conquest"]) == 0
    text = out.getvalue()
    assert text.startswith(said)
    assert text.count("line mode") == 1
    assert "Game Start! The sequence is empty." in text
