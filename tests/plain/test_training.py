"""Puzzle training from the line mode's menu, as the full screen's puzzle menu offers it:
a streak, a storm and "Try again", played through the console and kept under the name."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest

from app.plain.base import Console
from app.plain.menu import run_menu
from app.plain.puzzles import reader
from app.training.puzzle_store import open_training, review_list
from rules.puzzles import bank
from rules.puzzles.bank import pick
from tests.plain.test_puzzles_rated import wrong_move


def menu(*answers: str) -> str:
    out = StringIO()
    assert run_menu(Console(StringIO("".join(a + "\n" for a in answers)), out)) == 0
    return out.getvalue()


def test_a_streak_of_a_game_ends_at_the_first_miss_and_is_kept(data: Path) -> None:
    text = menu("3", "2", "4", "Ada", "quit", "7")
    assert "Which puzzles:\n1. One puzzle of a game you choose\n2. A streak" in text
    assert "Puzzles of which game:" in text and "6. Any game" in text
    assert "Puzzle streak: no clock, the puzzles get harder, the first miss ends it." in text
    assert "Equation Conquest" in text
    assert "Streak over: 0 solved. Your best streak: 0." in text


def test_a_storm_of_any_game(data: Path) -> None:
    text = menu("3", "3", "6", "", "quit", "7")
    assert "Puzzle storm: three minutes" in text
    assert "Storm over: 0 solved, 0 missed, best combo 0." in text


def test_try_again_plays_the_puzzles_missed(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = pick("conquest", 3, "easy")
    monkeypatch.setattr(bank, "pick", lambda *_: puzzle)
    text = menu("3", "1", "4", "Ada", wrong_move(puzzle), "no", "3", "4", "quit", "7")
    conn = open_training()
    try:
        missed = review_list(conn, "Ada", "failed")
    finally:
        conn.close()
    assert [p.id for p in missed] == [puzzle.id]
    assert "Try again: 1 to solve." in text
    assert text.count("Player 2 to move and win.") == 2  # (missed, then offered again)
    assert text.count("Your name, to rate and keep") == 1  # (asked once a session)


def test_moves_in_words_are_read_as_notation() -> None:
    read = reader(Console(StringIO("take 7\n6 times 7\nplus 5\n9@1.1\n"), StringIO()))
    assert [read("> ") for _ in range(5)] == ["7", "6*7", "+5", "9@1.1", None]
