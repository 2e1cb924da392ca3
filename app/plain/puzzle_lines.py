"""Puzzles line by line (plain mode): one puzzle, a streak, a storm, the review.

    equation-duel puzzle GAME --play            one puzzle, solved move by move
    equation-duel puzzle --daily --play         the day's puzzle, then the line to share
    equation-duel puzzle [GAME] --streak        untimed, rising difficulty, over at a miss
    equation-duel puzzle [GAME] --storm         three minutes, a combo, a miss costs time
    equation-duel puzzle --review               your mistakes, then the puzzles you failed

A move is typed in notation or in words (`9 times 5`, `take 7`). Reading and writing go
through the functions given (the tests give lists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from app.match_session.setup import variant_summary
from app.plain.words_in import refusal_words, whole_move
from rules.base import IllegalMove
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Attempt, Storm
from rules.puzzles.words import moves_words, position_words
from rules.registry import GAME_INFO, get_game

Read = Callable[[str], str | None]
Write = Callable[[str], None]
Ending = Literal["solved", "failed", "quit", "time"]

#: Lines read for one puzzle at most (bad lines included): then the try stops.
MAX_LINES = 200

HELP = "Type a move (in words or notation), hint for a clue, or quit."
#: The seats' names in a puzzle ("in Player 2's slot 3").
SEATS = ("Player 1", "Player 2")


def puzzle_text(puzzle: Puzzle, *, aloud: bool = False) -> list[str]:
    """The puzzle in words: the game, the moves so far, the position, the task. `aloud`:
    the heading without its symbols and the puzzle's id (the line mode's menu)."""

    game = get_game(puzzle.game)
    options = game.options_from(puzzle.options)
    named = f"{GAME_INFO[puzzle.game].name} ({variant_summary(options)})"
    if aloud:
        lines = [f"{named}, {puzzle.difficulty} puzzle."]
    else:
        lines = [f"{named} · {puzzle.difficulty} puzzle {puzzle.id}"]
    played = moves_words(puzzle.game, options, puzzle.moves)
    lines.append("Moves so far: " + "; ".join(played) + ".")
    state = puzzle.state()
    lines.extend(position_words(puzzle.game, state))
    if game.is_over(state):  # never offered from a checked bank; said plainly if it is
        lines.append("The game is over in this position: there is nothing to solve.")
    else:
        lines.append(f"Player {puzzle.to_move} to move and win.")
    return lines


def position_lines(puzzle: Puzzle, attempt: Attempt) -> list[str]:
    lines = puzzle_text(puzzle)
    if attempt.state is not None and attempt.state != puzzle.state():
        lines = [*lines[:-1], *position_words(puzzle.game, attempt.state), lines[-1]]
    return lines


def play_one(
    puzzle: Puzzle, read: Read, write: Write, storm: Storm | None = None
) -> tuple[Ending, Attempt]:
    """One try at `puzzle`, move by move, until it is solved, missed or left."""
    attempt = Attempt(puzzle)
    for line in position_lines(puzzle, attempt):
        write(line)
    write(HELP)
    for _ in range(MAX_LINES):
        prompt = f"[{storm.status()}] Your move: " if storm else "Your move: "
        typed = read(prompt)
        if storm is not None and storm.over:
            return "time", attempt
        if typed is None or typed.strip().lower() in ("quit", "q", "exit"):
            return "quit", attempt
        text = typed.strip()
        if not text:
            continue
        if text.lower() in ("hint", "h"):
            write(attempt.hint_text())
            continue
        if text.lower() in ("help", "?"):
            write(HELP)
            continue
        move = read_move(attempt, text)
        if isinstance(move, Exception):
            write(f"Not a move: {move}. {HELP}")
            continue
        try:  # the rules are asked once: their refusal is the answer, then ask again
            step = attempt.play(move)
        except IllegalMove as error:
            write(f"Not a legal move here: {refusal_words(puzzle.game, text, error)}")
            continue
        write(step.text)
        if not step.right:
            return "failed", attempt
        if step.solved:
            return "solved", attempt
    return "quit", attempt


def read_move(attempt: Attempt, text: str) -> str | Exception:
    """The move typed (notation or words), or why it cannot be read. Whether it is legal
    is for the rules to say (`Attempt.play`)."""
    game_id = attempt.puzzle.game
    written = whole_move(game_id, text, attempt.state, SEATS)
    try:
        return str(attempt.game.format_move(attempt.game.parse_move(written)))
    except ValueError as error:  # (the rules' MoveSyntaxError, PlayerTextError…)
        return ValueError(refusal_words(game_id, text, error))
