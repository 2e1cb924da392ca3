"""Puzzles' words, as a newcomer meets them: `puzzle --daily --play` reads a move in
words as the line mode does, `hint` gives a clue before the answer, the line to share
is a sentence of its own, and a rating's change reads alike on the screen and in the
line mode."""

from __future__ import annotations

import datetime as dt

from app.match_session.puzzle import PuzzleReferee
from app.plain.spoken import spoken_text
from rules.analysis import hint
from rules.puzzles.bank import daily
from tests.app.test_cli import run

DAY = dt.date(2026, 11, 27)


def _winning_move_in_words() -> tuple[str, str]:
    puzzle = daily(DAY)
    move = hint(puzzle.game, puzzle.state()).move
    assert move is not None and puzzle.game == "fifty"
    return move, spoken_text(move)  # "9*5", "9 times 5"


def test_the_daily_puzzle_takes_a_move_in_words_and_shares_the_right_answer() -> None:
    _, words = _winning_move_in_words()
    played = run("puzzle", "--daily", "--play", "--date", DAY.isoformat(), "--player", "Ann",
                 stdin=f"{words}\n").stdout  # fmt: skip
    assert "is not an operator" not in played and "Solved!" in played
    assert "solved first try · 0 hints" in played and "not tried yet" not in played


def test_a_hint_gives_a_clue_first_and_the_move_when_asked_again() -> None:
    move, words = _winning_move_in_words()
    played = run("puzzle", "--daily", "--play", "--date", DAY.isoformat(), "--player", "Ann",
                 stdin=f"hint\nhint\n{words}\n").stdout  # fmt: skip
    first, second = [line for line in played.splitlines() if "Hint: " in line]
    shown = move.replace("*", " × ")
    assert shown not in first and "Type hint again for the move." in first
    assert first.split("Hint: ")[1].startswith(("a multiplication", "an addition", "a "))
    assert shown in second
    assert "solved first try · 2 hints" in played


def test_the_line_to_share_and_the_rating_read_alike_on_the_screen() -> None:
    referee = PuzzleReferee(daily(DAY), "Ann", daily=DAY.isoformat())
    said = referee.record(solved=True)
    assert "→" not in said and said.startswith(" Your puzzle rating goes from 1,500 to ")
    assert said.endswith(f"To share (copied): {referee.share}.")  # not run into what follows
