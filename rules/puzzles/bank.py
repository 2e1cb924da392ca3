"""The shipped bank of puzzles (`bank.json`, made by `python -m rules.puzzles.make_bank`):
generating one takes the solver up to seconds, so the app picks from these.

The file is read and checked when first used (`rules.puzzles.bank_file`); a caller that
comes while another thread reads it waits for that read rather than reading it again.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
from functools import cache
from importlib import resources

from rules.choices import plausible
from rules.puzzles.bank_file import Bank, read_bank
from rules.puzzles.generate import variants
from rules.puzzles.judge import difficulty_of, is_puzzle, not_offered_reason, winning_moves
from rules.puzzles.model import Difficulty, Puzzle
from rules.registry import GAME_IDS, get_game

BANK_FILE = "bank.json"

#: Steps through a game's puzzles day by day (odd, and prime to every bank size made).
DAILY_STEP = 7919


class NoPuzzle(LookupError):
    """The bank has no puzzle for what was asked (the message says so in words)."""


#: Held while the bank is read: a second thread asking meanwhile waits for that read.
_reading = threading.Lock()


def loaded() -> Bank:
    """The shipped bank, read and checked once (safe from any thread)."""
    with _reading:
        return _read_shipped()


@cache
def _read_shipped() -> Bank:
    with resources.as_file(resources.files("rules.puzzles").joinpath(BANK_FILE)) as path:
        return read_bank(path)


def bank() -> tuple[Puzzle, ...]:
    """Every puzzle in the bank that passed the check, in the order the bank lists them."""
    return loaded().puzzles


def skipped_text(found: Bank | None = None) -> str:
    """What was wrong with the bank, in words ("" when nothing)."""
    found = loaded() if found is None else found
    if found.problem is not None:
        return found.problem
    if found.skipped:
        entries = "entry" if found.skipped == 1 else "entries"
        return f"{found.skipped} bad puzzle {entries} in the bank left out"
    return ""


def puzzles_of(game_id: str | None = None, difficulty: Difficulty | None = None) -> list[Puzzle]:
    """The bank's puzzles of one game (None: every game) and difficulty (None: every one)."""
    return [
        p
        for p in bank()
        if (game_id is None or p.game == game_id)
        and (difficulty is None or p.difficulty == difficulty)
    ]


def pick(
    game_id: str | None = None, seed: int | None = None, difficulty: Difficulty | None = None
) -> Puzzle:
    """One puzzle of the game (None: any game) at the difficulty (None: any), the same for
    the same seed; NoPuzzle says why when there is none (never a lower difficulty)."""
    if game_id is not None:
        get_game(game_id)  # an unknown id raises UnknownGame
        reason = None if difficulty is None else not_offered_reason(game_id, difficulty)
        if reason is not None:
            raise NoPuzzle(reason)
    found = puzzles_of(game_id, difficulty)
    if not found:
        wanted = f"{difficulty} puzzles" if difficulty else "puzzles"
        raise NoPuzzle(f"the puzzle bank has no {wanted} for {game_id or 'any game'}")
    rng = random.Random(seed if seed is None else f"pick:{game_id}:{difficulty}:{seed}")
    return rng.choice(found)


def daily(date: dt.date) -> Puzzle:
    """The puzzle of the day: the games take turns, and each game steps through its own
    puzzles, so consecutive days differ and a date always gives the same puzzle."""
    day = date.toordinal()
    game_id = GAME_IDS[day % len(GAME_IDS)]
    found = puzzles_of(game_id)
    if not found:
        raise NoPuzzle(f"the puzzle bank has no {game_id} puzzle for {date.isoformat()}")
    return found[(day // len(GAME_IDS)) * DAILY_STEP % len(found)]


def check(puzzle: Puzzle) -> list[str]:
    """What the solver finds wrong with a puzzle (empty when it is sound)."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    if game.is_over(state):
        return ["the position is over"]
    problems: list[str] = []
    if game.to_move(state) != puzzle.to_move:
        problems.append(f"Player {game.to_move(state)} is to move, not {puzzle.to_move}")
    won, figures = winning_moves(puzzle.game, state)
    if not won:
        problems.append("the player to move cannot force a win")
    if set(won) != set(puzzle.solution):
        problems.append(f"the winning moves are {list(won)}, not {list(puzzle.solution)}")
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    if not is_puzzle(won, figures, legal):
        problems.append("the position is not a puzzle (too many winning moves, or trivial)")
    if difficulty_of(figures) != puzzle.difficulty:
        problems.append(f"the difficulty is {difficulty_of(figures)}, not {puzzle.difficulty}")
    if figures != puzzle.figures:
        problems.append(f"the figures are {figures}, not {puzzle.figures}")
    return problems + history_problems(puzzle)


def history_problems(puzzle: Puzzle) -> list[str]:
    """What is wrong with the puzzle's options (not a variant the puzzles use) or history
    (a move that changes nothing), RULINGS.md "Puzzles"."""

    if puzzle.options not in variants(puzzle.game).values():
        return [f"the options {puzzle.options} are not a variant of the rule book's"]
    game = get_game(puzzle.game)
    state = game.new(game.options_from(puzzle.options))
    for text in puzzle.moves:
        legal = [game.format_move(m) for m in game.legal_moves(state)]
        if not plausible(puzzle.game, state, text, legal):
            return [f"the move {text} changes nothing"]
        state = game.play_text(state, text)
    return []
