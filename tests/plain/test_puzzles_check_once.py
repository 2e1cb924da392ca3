"""Check once, in the puzzles of the line mode: a typed move goes to the try's judge
(`Attempt.play`) once, and the rules' refusal is the answer said at the prompt, which asks
again; nothing plays a move to find out whether it is legal. Counted as in
test_check_once: every move the rules' `play` is asked to play by the line mode or the
judge (the solver and the wording play the moves they are given or find: not counted)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from app.plain.puzzle_lines import play_one
from app.plain.puzzles import solve
from rules.analysis import hint
from rules.puzzles.bank import pick
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Attempt
from rules.registry import get_game
from tests.plain.test_puzzles_rated import console, winning_line, wrong_move

#: Who may ask the rules to play a typed move: the line mode and the puzzle's judge.
ASKERS = ("app.", "rules.puzzles.training", "rules.puzzles.refute")


def _counted(monkeypatch: pytest.MonkeyPatch, puzzle: Puzzle) -> list[str]:
    """The moves (notation) the rules' `play` is asked to play by the line mode or the judge."""
    game = get_game(puzzle.game)
    play = type(game).play
    asked: list[str] = []

    def counting(self: Any, state: Any, move: Any) -> Any:
        caller = sys._getframe(1)
        if caller.f_code.co_name == "play_text" and caller.f_back is not None:
            caller = caller.f_back  # (the notation's parser: who asked it is the asker)
        if str(caller.f_globals.get("__name__", "")).startswith(ASKERS):
            asked.append(game.format_move(move))
        return play(self, state, move)

    monkeypatch.setattr(type(game), "play", counting)
    return asked


def fifty_puzzle() -> Puzzle:
    return pick("fifty", 1, "easy")


def played_line(puzzle: Puzzle) -> list[str]:
    """The winning moves typed, each followed by the computer's answer (none after the
    last move when it ends the game): the moves a solved try plays, in order."""
    game, attempt, played = get_game(puzzle.game), Attempt(puzzle), []
    for move in winning_line(puzzle):
        after = game.play_text(attempt.state, move)
        played.append(move)
        if not game.is_over(after):
            reply = hint(puzzle.game, after).move
            assert reply is not None
            played.append(reply)
        attempt.play(move)
    return played


def _taken(puzzle: Puzzle) -> str:
    """A move the rules refuse in the puzzle's position: its numbers are used already."""
    return puzzle.moves[0]


def test_a_refused_move_is_said_and_the_puzzle_goes_on_asking_the_rules_once(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = fifty_puzzle()
    winning, played = winning_line(puzzle), played_line(puzzle)
    asked = _counted(monkeypatch, puzzle)
    said, out = console("Ada", _taken(puzzle), *winning)
    assert solve(said, puzzle)
    text = " ".join(out.getvalue().split())
    refused, _, after = text.partition("Try again, or type solution.")
    assert "is already used" in refused
    assert after and "Your move:" in after and "Solved!" in after
    assert "Solved!" not in refused and "loses" not in refused
    assert asked == [_taken(puzzle), *played]  # each move asked once, by the judge


def test_a_wrong_move_is_judged_with_one_asking_of_the_rules(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = fifty_puzzle()
    wrong = wrong_move(puzzle)
    asked = _counted(monkeypatch, puzzle)
    said, out = console("Ada", wrong, "no")
    assert not solve(said, puzzle)
    assert "loses" in out.getvalue() and "The winning moves: " in out.getvalue()
    assert asked == [wrong]


def test_training_lines_say_the_refusal_and_go_on_asking_the_rules_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = fifty_puzzle()
    winning, played = winning_line(puzzle), played_line(puzzle)
    asked = _counted(monkeypatch, puzzle)
    typed = iter([_taken(puzzle), *winning])
    said: list[str] = []
    ending, attempt = play_one(puzzle, lambda _: next(typed, None), said.append)
    assert ending == "solved" and attempt.solved
    refusals = [line for line in said if line.startswith("Not a legal move here: ")]
    assert len(refusals) == 1 and "is already used" in refusals[0]
    assert asked == [_taken(puzzle), *played]
