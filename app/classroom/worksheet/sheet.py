"""A worksheet's puzzles, drawn from the shipped puzzle bank, and their answers."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.puzzles import Difficulty, Puzzle
from rules.puzzles.bank import puzzles_of
from rules.puzzles.words import move_words, position_words
from rules.registry import GAME_IDS, GAME_INFO

#: The most puzzles one sheet holds.
MAX_COUNT = 60


class SheetError(ValueError):
    """A worksheet that cannot be made; the message says why."""


@dataclass(frozen=True)
class SheetPuzzle:
    number: int
    game: str
    title: str
    difficulty: str
    #: "Player 1 to move and win."
    task: str
    position: tuple[str, ...]
    answer: str
    reason: str


def choose(game: str, difficulty: Difficulty, count: int, seed: int | None) -> list[Puzzle]:
    """`count` different puzzles of `game` ("any": every game that has the difficulty) at
    the difficulty, never another one under its name; the same seed, the same sheet."""
    if not 1 <= count <= MAX_COUNT:
        raise SheetError(f"a sheet holds 1 to {MAX_COUNT} puzzles")
    if game == "any":
        found = [p for g in GAME_IDS for p in puzzles_of(g, difficulty)]
    elif game in GAME_IDS:
        found = puzzles_of(game, difficulty)
    else:
        raise SheetError(f"no game called {game[:20]!r}")
    if len(found) < count:
        raise SheetError(f"the puzzle bank has {len(found)} such puzzles, fewer than {count}")
    rng = random.Random(f"worksheet:{game}:{difficulty}:{seed}")
    return rng.sample(found, count)


def sheet_puzzles(puzzles: list[Puzzle]) -> list[SheetPuzzle]:
    """Each puzzle as the sheet shows it, with its answer and a short reason (the
    solver's hint for the position, rules.analysis)."""
    from rules.analysis import hint

    out = []
    for number, puzzle in enumerate(puzzles, 1):
        state = puzzle.state()
        told = hint(puzzle.game, state)
        move = told.move if told.move in puzzle.solution else puzzle.solution[0]
        words = move_words(puzzle.game, state, move)
        reason = told.text.split(": ", 1)[1] if ": " in told.text else told.text
        others = len(puzzle.solution) - 1
        if others:
            reason += f" ({others} other winning {'move' if others == 1 else 'moves'})"
        out.append(
            SheetPuzzle(
                number=number,
                game=puzzle.game,
                title=GAME_INFO[puzzle.game].name,
                difficulty=puzzle.difficulty,
                task=f"Player {puzzle.to_move} to move and win.",
                position=tuple(position_words(puzzle.game, state)),
                answer=words,
                reason=reason[:1].upper() + reason[1:],
            )
        )
    return out
