"""Everything outside a game, line by line: the menu, resume, puzzles, the analysis,
statistics, rules; and when the line mode starts by itself (TERM=dumb, no terminal)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest

from app import launch
from app.plain.base import Console
from app.plain.menu import run_menu


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("EQUATION_DUEL_DATA", str(folder))
    return folder


def menu(*answers: str) -> str:
    out = StringIO()
    code = run_menu(Console(StringIO("".join(a + "\n" for a in answers)), out))
    assert code == 0
    return out.getvalue()


def test_the_menu_is_a_numbered_list_and_quit_leaves() -> None:
    text = menu("9", "7")
    assert "Main menu:\n1. Play a game\n2. Resume an unfinished game\n" in text
    assert "Please type a number from 1 to 7, or back." in text
    assert text.rstrip().endswith("Goodbye.")


def test_a_game_against_a_friend_then_its_analysis() -> None:
    text = menu("1", "4", "1", "take 2", "take 3", "take 5", "yes", "7")
    assert "Which game:\n1. " in text
    assert "Who plays against you:\n1. A friend at this keyboard" in text
    assert "Player 1 wins: 2 + 3 = 5 formed." in text
    assert "At the start: Player 1 wins in" in text
    assert "Move 3, Player 1: Add 5 to the sequence; kept the win." in text
    assert "No move threw a win away or shortened a lost game." in text


def test_a_game_against_the_computer_is_announced_once_a_turn() -> None:
    text = menu("1", "4", "2", "take 2", "quit", "yes", "7")
    assert text.count("Computer (easy) is thinking.") == 1
    assert "You quit: the game is left unfinished." in text


def test_an_unfinished_game_is_resumed_from_the_menu() -> None:
    text = menu("1", "4", "1", "take 2", "quit", "yes", "2", "1", "take 3", "take 5", "no", "7")
    assert "Which game:\n1. Equation Conquest, Player 1 and Player 2, 1 move played" in text
    assert "Resuming: Equation Conquest, Player 1 and Player 2, 1 move played." in text
    assert "Game resumed. Sequence: [2]" in text
    assert "Player 1 wins: 2 + 3 = 5 formed." in text
    assert "Read the analysis of this game? (yes/no): no" in text


def test_nothing_to_resume_is_said() -> None:
    assert "No unfinished game is kept." in menu("2", "7")


def test_statistics_and_rules() -> None:
    text = menu("5", "6", "3", "7")
    assert "No games recorded yet." in text
    assert "How the game ends." in text


@pytest.mark.parametrize(
    ("args", "env", "tty", "starts"),
    [
        (["--plain"], {}, True, ""),
        (["--plain", "--spoken"], {}, True, ""),
        ([], {"TERM": "dumb"}, True, "TERM is dumb"),
        ([], {"TERM": "xterm"}, False, "Standard input is not a terminal"),
        ([], {"TERM": "xterm"}, True, None),
        ([], {"TERM": "xterm", "TEXTUAL_DRIVER": "web"}, False, None),
        (["play", "fifty"], {"TERM": "dumb"}, False, None),
    ],
)
def test_when_the_line_mode_starts(
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str],
    tty: bool,
    starts: str | None,
) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdin", StringIO())
    monkeypatch.setattr("sys.stdin.isatty", lambda: tty)
    reason = launch.line_mode_reason(args)
    if starts is None:
        assert reason is None
    else:
        assert reason is not None and reason.startswith(starts)
