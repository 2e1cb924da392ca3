"""A worksheet's puzzles (from the puzzle bank) and their answers: every winning move,
the same choice once, so a teacher can mark any right answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.classroom.worksheet.diagram import Diagram, diagram
from rules.choices import choice_key, choices
from rules.puzzles.bank import puzzles_of
from rules.puzzles.judge import fits, not_offered_reason, offered
from rules.puzzles.model import Difficulty, Puzzle
from rules.puzzles.words import move_words
from rules.registry import GAME_IDS, GAME_INFO, get_game

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
    drawing: Diagram
    #: Every winning choice, in words.
    answers: tuple[str, ...]
    #: "1 winning choice of 14 legal choices; the win takes 2 of your moves."
    figures: str
    reason: str


def games_of(game: str, difficulty: Difficulty) -> list[str]:
    """The games a sheet draws from: one game, `any` (every game that has the
    difficulty) or a list `fifty,countdown`; a game without the difficulty is refused
    in words, never given a lower one."""
    if game == "any":
        return [g for g in GAME_IDS if difficulty in offered(g)]
    games = [g.strip() for g in game.split(",") if g.strip()]
    for g in games:
        if g not in GAME_IDS:
            raise SheetError(f"no game called {g[:20]!r} (the games: {', '.join(GAME_IDS)})")
        reason = not_offered_reason(g, difficulty)
        if reason is not None:
            raise SheetError(reason)
    if not games or len(set(games)) != len(games):
        raise SheetError("name each game once, e.g. --game fifty,countdown")
    return games


def choose(game: str, difficulty: Difficulty, count: int, seed: int | None) -> list[Puzzle]:
    """`count` different puzzles at the difficulty, the games taking turns when there are
    several; the same seed, the same sheet."""
    if not 1 <= count <= MAX_COUNT:
        raise SheetError(f"a sheet holds 1 to {MAX_COUNT} puzzles")
    games = games_of(game, difficulty)
    rng = random.Random(f"worksheet:{game}:{difficulty}:{seed}")
    pools = {}
    for g in games:
        found = [p for p in puzzles_of(g, difficulty) if fits(p.figures, difficulty)]
        rng.shuffle(found)
        pools[g] = found
    chosen: list[Puzzle] = []
    turn = 0
    while len(chosen) < count and any(pools.values()):
        found = pools[games[turn % len(games)]]
        if found:
            chosen.append(found.pop())
        turn += 1
    if len(chosen) < count:
        raise SheetError(f"the puzzle bank has {len(chosen)} such puzzles, fewer than {count}")
    return chosen


def _counted(puzzle: Puzzle) -> tuple[int, int]:
    """(winning choices, legal choices): moves that are the same choice counted once on
    both sides, as RULINGS.md "Puzzles" counts them."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    legal = tuple(game.format_move(m) for m in game.legal_moves(state))
    return len(winning_choices(puzzle)), choices(puzzle.game, state, legal)


def winning_choices(puzzle: Puzzle) -> list[str]:
    """One move of each winning choice (with a declaration where the choice has one:
    the quickest way), in notation."""
    state = puzzle.state()
    groups: dict[object, list[str]] = {}
    for move in puzzle.solution:
        groups.setdefault(choice_key(puzzle.game, state, move), []).append(move)
    return [min(moves, key=lambda m: (":" not in m, len(m), m)) for moves in groups.values()]


def _figures(puzzle: Puzzle) -> str:
    winning, of = _counted(puzzle)
    text = f"{winning} winning choice{'s' if winning > 1 else ''} of {of} legal choices"
    moves = puzzle.figures.mover_moves
    if moves >= 2:
        text += f"; the win takes {moves} of the mover's moves"
    return text + "."


def sheet_puzzles(puzzles: list[Puzzle]) -> list[SheetPuzzle]:
    """Each puzzle as the sheet shows it, with every winning choice and a short reason
    (the solver's hint for the position, rules.analysis)."""
    from rules.analysis import hint

    out = []
    for number, puzzle in enumerate(puzzles, 1):
        state = puzzle.state()
        told = hint(puzzle.game, state)
        moves = winning_choices(puzzle)
        reason = told.text.split(": ", 1)[1] if ": " in told.text else told.text
        out.append(
            SheetPuzzle(
                number=number,
                game=puzzle.game,
                title=GAME_INFO[puzzle.game].name,
                difficulty=puzzle.difficulty,
                task=f"Player {puzzle.to_move} to move and win.",
                drawing=diagram(puzzle.game, state),
                answers=tuple(move_words(puzzle.game, state, m) for m in moves),
                figures=_figures(puzzle),
                reason=reason[:1].upper() + reason[1:],
            )
        )
    return out
