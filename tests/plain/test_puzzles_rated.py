"""Puzzles line by line are judged and counted as on the full screen: played out against
the computer's best defence, the first try of a named player rated and the change said
in words, a retry not rated, the daily puzzle's try kept with its line to share."""

from __future__ import annotations

import datetime as dt
import sys
from io import StringIO
from pathlib import Path

import pytest

from app.plain.base import Console
from app.plain.menu import run_menu
from app.plain.puzzles import solve, solve_daily
from app.store.ratings import PUZZLE_BOARD, current
from app.store.ratings_db import open_ratings
from rules.analysis import hint
from rules.puzzles.bank import daily, pick
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Attempt
from rules.registry import get_game

DAY = dt.date(2026, 1, 1)


def winning_line(puzzle: Puzzle) -> list[str]:
    """The solver's moves that win the puzzle against the computer's best defence."""
    attempt, moves = Attempt(puzzle), []
    while True:
        move = hint(puzzle.game, attempt.state).move
        assert move is not None
        moves.append(move)
        if attempt.play(move).solved:
            return moves


def wrong_move(puzzle: Puzzle) -> str:
    game = get_game(puzzle.game)
    return next(
        game.format_move(m)
        for m in game.legal_moves(puzzle.state())
        if game.format_move(m) not in puzzle.solution
    )


def console(*answers: str) -> tuple[Console, StringIO]:
    out = StringIO()
    return Console(StringIO("".join(a + "\n" for a in answers)), out), out


def rating(player: str) -> int:
    conn = open_ratings()
    try:
        return current(conn, player, PUZZLE_BOARD).shown
    finally:
        conn.close()


def test_the_daily_puzzle_solved_is_rated_and_shared(data: Path) -> None:
    puzzle = daily(DAY)
    said, out = console("Ada", *winning_line(puzzle))
    solve_daily(said, DAY)
    text = out.getvalue()
    assert "The daily puzzle." in text
    assert "to move and win." in text
    assert "Solved!" in text
    after = rating("Ada")
    assert after > 1500
    assert f"Your puzzle rating goes from 1,500 to {after:,}." in text
    assert f"To share: Equation Duel {DAY.isoformat()}" in text


def test_a_wrong_move_is_rated_down_then_a_retry_is_not_rated(data: Path) -> None:
    puzzle = pick("conquest", 3, "easy")
    said, out = console("Ada", "nonsense", wrong_move(puzzle), "yes", *winning_line(puzzle))
    assert solve(said, puzzle)
    text = " ".join(out.getvalue().split())
    assert "Try again, or type solution." in text
    assert "loses" in text
    assert "The winning moves: " in text
    after = rating("Ada")
    assert after < 1500
    assert f"Your puzzle rating goes from 1,500 to {after:,}." in text
    assert "Try it again (not rated)? (yes/no): yes" in text
    assert text.count("to move and win.") == 2
    assert "Solved!" in text
    assert "A second try is not rated." in text
    assert rating("Ada") == after


def test_without_a_name_nothing_is_rated(data: Path) -> None:
    puzzle = pick("fifty", 1, "easy")
    said, out = console("", *winning_line(puzzle))
    assert solve(said, puzzle)
    assert "Not rated: give your name to be rated." in out.getvalue()
    assert rating("Player 1") == 1500


def test_giving_up_is_a_missed_try_and_leaving_is_not_counted(data: Path) -> None:
    puzzle = pick("countdown", 2, "easy")
    said, out = console("Ada", "solution", "no", "hint", "board", "quit")
    assert not solve(said, puzzle)
    assert "The winning moves: " in out.getvalue()
    assert rating("Ada") < 1500
    before = rating("Ada")
    assert not solve(said, puzzle)  # (the name is asked once a session)
    text = out.getvalue()
    assert text.count("Your name, to rate and keep") == 1
    assert "Hint: " in text
    assert "Running total" in text
    assert "Left the puzzle: this try is not counted." in text
    assert rating("Ada") == before


def test_a_puzzle_of_a_chosen_game_from_the_menu(data: Path) -> None:
    out = StringIO()
    answers = ["3", "1", "5", "Ada", "solution", "no", "7"]
    run_menu(Console(StringIO("".join(a + "\n" for a in answers)), out))
    text = out.getvalue()
    assert "Countdown Duel" in text
    assert "The winning moves: " in text
    assert "Your puzzle rating goes from 1,500 to " in text


def test_puzzle_play_on_the_command_line_is_rated(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main as cli

    puzzle = pick("conquest", 3, "easy")
    monkeypatch.setattr(sys, "stdin", StringIO(wrong_move(puzzle) + "\n"))
    flags = ["--seed", "3", "--difficulty", "easy", "--play", "--player", "Ada"]
    assert cli.main(["puzzle", "conquest", *flags]) == 0
    after = rating("Ada")
    assert after < 1500
    text = capsys.readouterr().out
    assert f"Your puzzle rating goes from 1,500 to {after:,}." in text
    assert "Kept for Try again" in text


def test_the_daily_puzzle_on_the_command_line_is_rated(data: Path) -> None:
    from app.cli.training import run_daily

    puzzle = daily(DAY)
    moves = iter(winning_line(puzzle))
    lines: list[str] = []
    assert run_daily(puzzle, DAY, "Ada", lambda _: next(moves, None), lines.append) == 0
    assert f"Your puzzle rating goes from 1,500 to {rating('Ada'):,}." in lines
    assert lines[-1].startswith(f"To share: Equation Duel {DAY.isoformat()}")
    assert "solved first try" in lines[-1]
