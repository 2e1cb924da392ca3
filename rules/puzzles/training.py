"""Training on puzzles: one try move by move (`Attempt`), a `Streak` and a `Storm`.

Clock-free: the storm reads the time from the `clock` it is given, so nothing here waits.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.analysis import hint
from rules.puzzles.bank import NoPuzzle, puzzles_of
from rules.puzzles.judge import offered
from rules.puzzles.model import DIFFICULTIES, Difficulty, Puzzle
from rules.puzzles.refute import Verdict, judge_move
from rules.puzzles.words import clue_words, move_words
from rules.registry import GAME_IDS, get_game

#: A storm's length and what a miss costs (seconds).
STORM_SECONDS = 180.0
STORM_MISS_COST = 10.0
#: Puzzles solved at one difficulty before the next (streak, storm).
STREAK_STEP = 3
STORM_STEP = 5


@dataclass(frozen=True)
class Step:
    """A move judged: right or not, the sentence to show, and whether the puzzle is done."""

    right: bool
    text: str
    solved: bool = False
    #: The solver's verdict on the move (a wrong move's winning moves and refutation).
    verdict: Verdict | None = None


class Attempt:
    """One try at a puzzle: the player's moves judged, the computer's answers played."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.game = get_game(puzzle.game)
        self.state: Any = puzzle.state()
        self.failed = False
        self.solved = False
        self.hints = 0
        #: The position a clue was given in (the next hint there names the move).
        self._clued: Any = None

    def legal(self) -> list[str]:
        return [self.game.format_move(m) for m in self.game.legal_moves(self.state)]

    def hint_text(self) -> str:
        """A clue first (what kind of move wins, not which: `clue_words`), the winning
        move the next time it is asked in the same position; each counted as a hint."""
        self.hints += 1
        found = hint(self.puzzle.game, self.state)
        if found.move is None:
            return "There is nothing to hint: the position is over."
        if self._clued != self.state:
            self._clued = self.state
            clue = clue_words(self.puzzle.game, self.state, found.move, (found.plies + 1) // 2)
            return f"Hint: {clue}. Type hint again for the move."
        return self.winning_move_text()

    def winning_move_text(self) -> str:
        """A winning move in words (`Hint: Play 9 × 5 = 45 wins.`), counted as a hint."""
        self._clued = self.state
        best = hint(self.puzzle.game, self.state).move
        if best is None:
            return "There is nothing to hint: the position is over."
        return f"Hint: {move_words(self.puzzle.game, self.state, best)} wins."

    def play(self, text: str) -> Step:
        """Play and judge the move `text`; a move the rules refuse raises `IllegalMove`."""
        game_id = self.puzzle.game
        after = self.game.play_text(self.state, text)
        verdict = judge_move(game_id, self.state, text, after)
        if not verdict.right:
            self.failed = True
            return Step(False, verdict.why, verdict=verdict)
        self.state = after
        if self.game.is_over(self.state):
            self.solved = True
            return Step(True, f"Right: {verdict.words}. Solved!", solved=True, verdict=verdict)
        reply = hint(game_id, self.state).move
        assert reply is not None, "the game goes on"
        answer = move_words(game_id, self.state, reply)
        self.state = self.game.play_text(self.state, reply)
        said = f"Right: {verdict.words} keeps the win. The computer: {answer}."
        if self.game.is_over(self.state):  # the last move was the computer's: still a win
            self.solved = True
            return Step(True, f"{said} Solved!", solved=True, verdict=verdict)
        return Step(True, said, verdict=verdict)


def _draw(
    rng: random.Random, game_id: str | None, difficulty: Difficulty, seen: set[str]
) -> Puzzle:
    """A puzzle not seen yet of the game (None: any game that has the difficulty)."""
    games = [game_id] if game_id else [g for g in GAME_IDS if difficulty in offered(g)]
    found = [p for g in games for p in puzzles_of(g, difficulty) if p.id not in seen]
    if not found:
        found = [p for g in games for p in puzzles_of(g, difficulty)]
    if not found:
        raise NoPuzzle(f"the puzzle bank has no {difficulty} puzzles for {game_id or 'any game'}")
    puzzle = rng.choice(found)
    seen.add(puzzle.id)
    return puzzle


def _level(game_id: str | None, solved: int, step: int) -> Difficulty:
    levels = offered(game_id) if game_id else DIFFICULTIES
    return levels[min(solved // step, len(levels) - 1)]


class Streak:
    """Puzzles one after another, untimed, the difficulty rising every `STREAK_STEP`
    solved; the first miss ends it. The score is the puzzles solved."""

    def __init__(self, game_id: str | None = None, seed: int | None = None) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.solved = 0
        self.over = False
        self.seen: set[str] = set()

    def difficulty(self) -> Difficulty:
        return _level(self.game_id, self.solved, STREAK_STEP)

    def next_puzzle(self) -> Puzzle:
        return _draw(self.rng, self.game_id, self.difficulty(), self.seen)

    def finished(self, solved: bool) -> None:
        """A puzzle of the streak is done: solved, or missed (the streak is over)."""
        if solved:
            self.solved += 1
        else:
            self.over = True

    def status(self) -> str:
        return f"Streak {self.solved}"


class Storm:
    """Puzzles as fast as you can for `STORM_SECONDS`: each right puzzle adds to the combo,
    a miss breaks it and costs `STORM_MISS_COST` seconds. The clock starts at `start()`."""

    def __init__(
        self,
        game_id: str | None = None,
        clock: Callable[[], float] | None = None,
        seed: int | None = None,
    ) -> None:
        import time

        self.game_id = game_id
        self.clock = clock or time.monotonic
        self.rng = random.Random(seed)
        self.solved = 0
        self.missed = 0
        self.combo = 0
        self.best_combo = 0
        self.penalty = 0.0
        self.started: float | None = None
        self.seen: set[str] = set()

    def start(self) -> None:
        if self.started is None:
            self.started = self.clock()

    def left(self) -> float:
        """Seconds left (the whole storm before it starts; never below 0)."""
        if self.started is None:
            return STORM_SECONDS
        return max(0.0, STORM_SECONDS - self.penalty - (self.clock() - self.started))

    @property
    def over(self) -> bool:
        return self.left() <= 0

    def next_puzzle(self) -> Puzzle:
        self.start()
        return _draw(
            self.rng, self.game_id, _level(self.game_id, self.solved, STORM_STEP), self.seen
        )

    def finished(self, solved: bool) -> None:
        """A puzzle of the storm is done (solved in time counts; a miss costs time)."""
        if self.over:
            return
        if solved:
            self.solved += 1
            self.combo += 1
            self.best_combo = max(self.best_combo, self.combo)
        else:
            self.missed += 1
            self.combo = 0
            self.penalty += STORM_MISS_COST

    def status(self) -> str:
        left = int(self.left() + 0.999)
        return f"{left // 60}:{left % 60:02d} left · solved {self.solved} · combo {self.combo}"


class Review:
    """Kept puzzles one after another (your mistakes, or the puzzles failed), each once."""

    def __init__(self, puzzles: list[Puzzle], title: str) -> None:
        self.queue = list(puzzles)
        self.title = title
        self.solved = 0
        self.done = 0

    @property
    def over(self) -> bool:
        return not self.queue

    def next_puzzle(self) -> Puzzle:
        if not self.queue:
            raise NoPuzzle(f"{self.title}: nothing left to solve")
        return self.queue.pop(0)

    def finished(self, solved: bool) -> None:
        self.done += 1
        self.solved += int(solved)

    def status(self) -> str:
        return f"{self.title}: {self.solved} solved, {len(self.queue)} more"
