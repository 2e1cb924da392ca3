"""A puzzle's referee in training: the streak, the storm or the review it belongs to.

`Training` wraps one of `rules.puzzles.training`'s runs with the player's name: it draws
the next puzzle, is told each puzzle's end, and keeps the result (app.training.
puzzle_store) when the run is over, with a sentence for the status line.
"""

from __future__ import annotations

import contextlib
from typing import Any

from app.store.stats import StatsError
from app.training.puzzle_store import Mode, keep_for_review, open_training, record_run, reviewed
from rules.puzzles.model import Puzzle
from rules.puzzles.training import Review, Storm, Streak


class Training:
    """`run` (a Streak, Storm or Review) played by `player` on the boards."""

    def __init__(self, run: Streak | Storm | Review, player: str, scope: str = "any") -> None:
        self.run = run
        self.player = player
        self.scope = scope
        self.kept = False

    @property
    def over(self) -> bool:
        return self.run.over

    @property
    def is_storm(self) -> bool:
        return isinstance(self.run, Storm)

    @property
    def ticking(self) -> bool:
        """A storm whose end has not been said yet: its clock is shown running."""
        return self.is_storm and not self.kept

    @property
    def is_review(self) -> bool:
        return isinstance(self.run, Review)

    def status(self) -> str:
        return self.run.status()

    def next_puzzle(self) -> Puzzle:
        return self.run.next_puzzle()

    def finished(self, puzzle: Puzzle, solved: bool) -> str:
        """A puzzle is done: what the status line adds (the run's end when it is over)."""
        if isinstance(self.run, Storm) and self.run.over:
            return self.ending()
        self.run.finished(solved)
        if isinstance(self.run, Review) and solved:
            self._keep(lambda conn: reviewed(conn, self.player, puzzle.id))
        if self.run.over:
            return self.ending()
        return f"{self.run.status()}. Press n for the next puzzle."

    def failed(self, puzzle: Puzzle) -> None:
        """A missed puzzle is kept for "Try again" (a review's stays where it is)."""
        if not isinstance(self.run, Review):
            self._keep(lambda conn: keep_for_review(conn, self.player, puzzle, "failed"))

    def ending(self) -> str:
        """The run is over: its result kept (once) and said."""
        run = self.run
        if isinstance(run, Review):
            return f"{run.title}: {run.solved} of {run.done} solved. Escape for the menu."
        bests: Any = None
        if not self.kept:
            self.kept = True
            mode: Mode = "streak" if isinstance(run, Streak) else "storm"
            combo = run.best_combo if isinstance(run, Storm) else 0
            bests = self._keep(
                lambda conn: record_run(conn, self.player, mode, self.scope, run.solved, combo)
            )
        if isinstance(run, Streak):
            best = f" Your best streak: {bests.best}." if bests is not None else ""
            return f"Streak over: {run.solved} solved.{best} Escape for the menu."
        assert isinstance(run, Storm)
        best = (
            f" Your best storm: {bests.best}; today's best: {bests.today}."
            if bests is not None
            else ""
        )
        return (
            f"Storm over: {run.solved} solved, {run.missed} missed, best combo "
            f"{run.best_combo}.{best} Not rated. Escape for the menu."
        )

    def _keep(self, action: Any) -> Any:
        """`action` on the training database; None when it failed (the run goes on)."""
        try:
            conn = open_training()
        except (StatsError, OSError):
            return None
        with contextlib.closing(conn):
            try:
                return action(conn)
            except StatsError:
                return None
