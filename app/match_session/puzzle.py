"""A puzzle's referee: the solver's moves judged, the computer's best reply, the rating.

The other seat is the perfect computer. Each move of the solver's is judged before it is
played (`rules.puzzles.refute.judge_move`): a right move is played and the computer
answers with its best defence until the win is complete; a wrong move is played with the
computer's refutation, and the status line says why it loses.

The first try of a named player is rated; a retry is not, nor a puzzle of a streak, a
storm or a review (`training`). A missed puzzle is kept for "Try again"; the daily
puzzle's line to share is handed to `on_share`. Nothing is counted in the games'
statistics, nothing is autosaved.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from typing import Any, Literal

from app.match_session.puzzle_training import Training
from app.match_session.referee import USUAL, Offer, Referee
from app.match_session.setup import GameSetup, Seat
from app.store.ratings import record_puzzle
from app.store.ratings_db import is_named, open_ratings
from app.store.stats import StatsError
from app.training.puzzle_store import keep_for_review, open_training, record_daily, share_line
from rules.base import IllegalMove, Outcome, PlayerNo
from rules.puzzles.bank import pick
from rules.puzzles.model import Puzzle
from rules.puzzles.refute import Verdict
from rules.puzzles.words import move_words
from rules.words.common import as_noun, capitalized

#: The computer's name on a puzzle's board.
COMPUTER = "Computer"

#: Why conquest puzzles are all short (shown on a conquest puzzle's board).
CONQUEST_NOTE = "Any two numbers can be completed, so a conquest puzzle takes one move."


def puzzle_setup(puzzle: Puzzle, player: str) -> GameSetup:
    """The puzzle's game: the player in the mover's seat, the perfect computer opposite.
    A solver without a name is called by the seat they sit in, so every sentence that
    names players agrees with "Player 2 to move and win"."""
    me = Seat(player if is_named(player) else f"Player {puzzle.to_move}")
    computer = Seat(COMPUTER, "computer", "perfect")
    seats = (me, computer) if puzzle.to_move == 1 else (computer, me)
    return GameSetup.make(puzzle.game, puzzle.options, seats)


def rating_words(before: int, after: int) -> str:
    """A puzzle rating's change, said alike on the screen and in the line mode."""
    if before == after:
        return f"Your puzzle rating stays at {after:,}."
    return f"Your puzzle rating goes from {before:,} to {after:,}."


class PuzzleReferee(Referee):
    """One try at `puzzle` by `player` (rated unless a retry; `daily`: the day's puzzle)."""

    keeps = False
    dialogs = False

    def __init__(
        self,
        puzzle: Puzzle,
        player: str,
        *,
        rated: bool = True,
        daily: str | None = None,
        training: Training | None = None,
        hints: int = 0,
    ) -> None:
        self.puzzle = puzzle
        self.player = player
        self.training = training
        self.rated = rated and training is None
        self.daily = daily
        #: The solution shown so far on the daily puzzle (counted as hints on its line).
        self.hints = hints
        #: The daily puzzle's line to share, once a try ended; and who is handed it.
        self.share: str | None = None
        self.on_share: Callable[[str], None] | None = None
        #: "solved", "failed" or None while the puzzle is on.
        self.result: str | None = None
        self.feedback = ""
        #: The winning moves where the player went wrong (notation), and the position.
        self.missed: tuple[str, ...] = puzzle.solution
        self.failed_at: Any = None
        self.rating_change: tuple[int, int] | None = None
        #: A move is being checked by the solver.
        self.judging = False
        self.not_counted: str | None = None

    @property
    def setup(self) -> GameSetup:
        return puzzle_setup(self.puzzle, self.player)

    @property
    def mover(self) -> PlayerNo:
        return self.puzzle.to_move

    def retry(self) -> PuzzleReferee:
        """The same puzzle again from its start (not rated; outside a streak or storm)."""
        training = self.training if self.training and self.training.is_review else None
        again = PuzzleReferee(
            self.puzzle, self.player, rated=False, daily=self.daily, training=training
        )
        again.hints, again.on_share = self.hints, self.on_share
        return again

    def following(self) -> PuzzleReferee | None:
        """The next puzzle: of the streak, storm or review (None when it is over), or of
        the game at the same difficulty."""
        if self.training is not None:
            if self.training.over:
                return None
            following = PuzzleReferee(
                self.training.next_puzzle(), self.player, training=self.training
            )
            following.on_share = self.on_share
            return following
        puzzle = pick(self.puzzle.game, None, self.puzzle.difficulty)
        return PuzzleReferee(puzzle, self.player)

    # What the screen asks

    def offers(self, action: str) -> Offer:
        if action in ("retry", "solution"):
            return self.result is not None
        if self.training is not None and self.training.over and action not in ("rules", "leave"):
            return False  # a storm's time is up (a streak missed): its keys go, n too
        if action in ("rematch", "new_game", "save", "undo", "hint", "next_puzzle"):
            return action == "next_puzzle"
        if self.result is not None and action not in ("rules", "leave"):
            return False
        return USUAL

    def variant_words(self, variant: str) -> str:
        return f"{self.puzzle.difficulty} puzzle · {variant}"

    def task(self, state: Any, board_hint: str) -> str:
        if self.result == "failed":
            return self.feedback
        if self.result is None and (ended := self.ended_meanwhile) is not None:
            return ended  # a storm's time ran out while the player thought
        task = f"Player {self.mover} to move and win."
        if self.training is not None:
            task = f"{self.training.status()} · {task}"
        if self.puzzle.game == "conquest" and not self.feedback:
            task = f"{task} {CONQUEST_NOTE}"
        return " ".join(part for part in (self.feedback, task, board_hint) if part)

    @property
    def ticking(self) -> str | None:
        training = self.training
        if training is None or not training.ticking:
            return None
        return "over" if training.over else training.status()

    @property
    def ended_meanwhile(self) -> str | None:
        training = self.training
        if training is not None and training.is_storm and training.over:
            return training.ending()
        return None

    @property
    def holds_computer(self) -> bool:
        return self.result == "failed"  # the refutation is played at once, nothing after

    @property
    def keeps_task_in_view(self) -> bool:
        return self.result is None

    def admits(self, game: Any, state: Any, move: Any) -> Literal["play", "judge"] | str | None:
        if self.result is not None:
            return "This puzzle is over: r to try again, s for the solution, n for the next."
        if self.training is not None and self.training.over:
            return self.training.ending()  # the storm's time is up
        if self.judging:
            return None  # one move at a time: the last one is still being checked
        if game.to_move(state) != self.mover or game.is_over(state):
            return "play"
        try:
            game.play(state, move)
        except IllegalMove:
            return "play"  # the rules say why
        self.judging = True
        return "judge"

    # The verdict and the end

    def judged(self, before: Any, verdict: Verdict, named: str) -> list[str]:
        """A verdict on the solver's move: the computer's reply to play after it (a wrong
        move's refutation), the feedback set; `named` is the verdict's reason with the
        players' names."""
        self.judging = False
        if verdict.right:
            self.feedback = f"Right: {verdict.words} keeps the win."
            return []
        self.missed = verdict.winning
        self.failed_at = before
        self.result = "failed"
        change = self.record(solved=False)
        self.feedback = f"{named}{change} Press r to try again or s for the solution."
        if self.training is not None:
            self.training.failed(self.puzzle)
            self.feedback = f"{named} {self.training.finished(self.puzzle, False)}"
        return [] if verdict.reply is None else [verdict.reply]

    def round_over(self, outcome: Outcome, named_reason: str) -> tuple[str, str] | None:
        if self.result == "failed":
            return self.feedback, "error"  # over the redraw's "Computer wins"
        if outcome.winner == self.mover and self.result is None:
            self.result = "solved"
            change = self.record(solved=True)
            reason = capitalized(named_reason)
            if self.training is not None:
                said = self.training.finished(self.puzzle, True)
                return f"Solved! {reason}. {said}", "success"
            return f"Solved! {reason}.{change} Press n for the next one.", "success"
        return None

    def solution(self) -> tuple[str, str | None]:
        """The winning moves in words, and the first of them to highlight."""
        game_id = self.puzzle.game
        where = self.failed_at if self.failed_at is not None else self.puzzle.state()
        said = [as_noun(move_words(game_id, where, m)) for m in self.missed]
        said = [s[:1].lower() + s[1:] for s in said]
        self.hints += 1
        first = self.missed[0] if self.missed else None
        if not said:
            return "No move wins here. Press r to try again.", first
        what = "The winning move was" if len(said) == 1 else "The winning moves were"
        return f"{what} {'; or '.join(said)}. Press r to try again.", first

    def record(self, solved: bool) -> str:
        """Count the try (rated the first time); a sentence on the rating, or ""."""
        try:
            with contextlib.closing(open_ratings()) as conn:
                change = record_puzzle(
                    conn, self.player, self.puzzle, solved, self.rated, self.daily
                )
            if not solved and self.training is None:
                self._keep(lambda c: keep_for_review(c, self.player, self.puzzle, "failed"))
            if self.daily is not None:
                self._daily(solved)
        except (StatsError, OSError) as error:
            self.not_counted = f"The puzzle was not counted: {error}"
            return ""
        shared = f" To share (copied): {self.share}." if self.share else ""
        if change is None:
            return shared
        before, after = change
        self.rating_change = (before.shown, after.shown)
        return f" {rating_words(before.shown, after.shown)}{shared}"

    def _keep(self, action: Callable[[Any], object]) -> object:
        with contextlib.closing(open_training()) as conn:
            return action(conn)

    def _daily(self, solved: bool) -> None:
        """Keep the daily puzzle's try and hand on the line to share."""
        assert self.daily is not None
        day = dt.date.fromisoformat(self.daily)
        game, hints = self.puzzle.game, self.hints
        self._keep(lambda c: record_daily(c, self.player, day, game, solved, hints))
        self.share = str(self._keep(lambda c: share_line(c, self.player, day, game)))
        if self.on_share is not None:
            self.on_share(self.share)


def counted(referee: PuzzleReferee) -> list[str]:
    """What to say of a counted try: the rating's change, why it was not rated or not
    counted, the line to share."""
    lines = []
    if referee.not_counted:
        lines.append(f"{referee.not_counted}.")
    elif referee.rating_change is not None:
        lines.append(rating_words(*referee.rating_change))
    elif not referee.rated:
        lines.append("A second try is not rated.")
    elif not is_named(referee.player):
        lines.append("Not rated: give your name to be rated.")
    if referee.share:
        lines.append(f"To share: {referee.share}")
    return lines
