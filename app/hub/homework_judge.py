"""A homework answer judged: the first move of a puzzle's position, by the training's own
judge (`rules.puzzles.refute.judge_move`: a move that keeps the win, or a losing move with
the perfect computer's refutation in words), then the winning moves in words. The hub
judges every answer with this; the student's machine offline too (the hub judges a
handed-in answer again: the student's verdict is never read).

A homework puzzle is answered by its position's first move (every bank puzzle and every
mistake is a win to find, so a right move keeps the win: no draw to keep).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from rules.base import IllegalMove
from rules.puzzles.bank_file import puzzle_from_json, puzzle_of
from rules.puzzles.model import Puzzle
from rules.puzzles.refute import judge_move
from rules.puzzles.words import move_words
from rules.registry import get_game
from rules.words.common import capitalized

#: A move as sent, at most this many characters.
MAX_MOVE = 100


@dataclass(frozen=True)
class Judgement:
    """The verdict on an answer: right or not, the move as the rules write it, the
    sentence to show (a wrong move's refutation), and the winning moves in words."""

    right: bool
    move: str
    why: str
    winning: str


class NotAnAnswer(ValueError):
    """The text is no legal move in the puzzle's position: the message says why."""


def puzzle_from(text: str) -> Puzzle:
    """A puzzle kept as the bank's JSON (ValueError when it cannot be read)."""
    return _found(puzzle_from_json(text))


def puzzle_from_row(row: object) -> Puzzle:
    """A puzzle from the bank's row (ValueError when it is not one)."""
    return _found(puzzle_of(row))


def _found(puzzle: Puzzle | None) -> Puzzle:
    if puzzle is None:
        raise ValueError("the puzzle cannot be read: it is not one of the game's positions")
    return puzzle


def puzzle_json(puzzle: Puzzle) -> str:
    return json.dumps(puzzle.to_bank(), sort_keys=True)


def winning_words(puzzle: Puzzle) -> str:
    """The puzzle's winning moves in words: `The winning move: Put 1 in …`."""
    state = puzzle.state()
    said = [move_words(puzzle.game, state, move) for move in puzzle.solution]
    if not said:
        return "No move wins here."
    head = "The winning move" if len(said) == 1 else "The winning moves"
    return f"{head}: {'; or '.join(said)}."


def judge_answer(puzzle: Puzzle, text: str) -> Judgement:
    """Judge `text` (a move in notation, as the rules write it or read it) as the first
    move of `puzzle`; NotAnAnswer in words when it is no legal move there."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    text = text.strip()[:MAX_MOVE]
    try:
        move = str(game.format_move(game.parse_move(text)))
        after = game.play_text(state, move)
    except IllegalMove as error:
        raise NotAnAnswer(f"not a legal move here: {error}") from None
    except ValueError as error:  # (the rules' MoveSyntaxError, PlayerTextError…)
        raise NotAnAnswer(f"not a move: {error}") from None
    verdict = judge_move(puzzle.game, state, move, after)
    why = f"Right: {verdict.words} keeps the win." if verdict.right else verdict.why
    return Judgement(verdict.right, move, capitalized(why), winning_words(puzzle))


def verdict_words(verdict: Judgement, retry: bool) -> str:
    """A verdict as the student reads it: the winning moves once the puzzle is over."""
    text = verdict.why if retry else f"{verdict.why} {verdict.winning}"
    return f"{text} One more try." if retry else text
