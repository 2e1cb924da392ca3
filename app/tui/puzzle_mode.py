"""A puzzle on the game's own board: `puzzle_screen(puzzle, player)` is the board's
screen class (app/tui/boards/*) with `PuzzleMode` mixed in ahead of it.

The board opens at the puzzle's position ("Player N to move and win"); the other seat is
the perfect computer. Each move of the solver's is judged before it is played:

- a right move (one that keeps the win) is played and the computer answers with its
  best defence, until the win is complete: then the puzzle is solved;
- a wrong move is played with the computer's refutation, and the status line says why
  it loses, in words; `r` tries the puzzle again from its start, `s` shows the solution.

The first try of a named player is rated (app.ratings); a retry is not. Nothing is
counted in the games' statistics, nothing is autosaved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from app.tui.session import GameSetup, Seat, variant_summary
from rules.base import Frozen, GameState, IllegalMove, PlayerNo
from rules.puzzles.model import Puzzle
from rules.puzzles.refute import Verdict, judge_move
from rules.puzzles.words import move_words
from rules.words.outcome import record_reason

#: The computer's name on a puzzle's board.
COMPUTER = "Computer"

#: Why conquest puzzles are all short (shown on a conquest puzzle's board).
CONQUEST_NOTE = (
    "Conquest is decided on the third number (any two numbers can be completed): "
    "its puzzles are finding the number that completes, and in the declare variant its equation."
)


def puzzle_setup(puzzle: Puzzle, player: str) -> GameSetup:
    """The puzzle's game: the player in the mover's seat, the perfect computer opposite."""
    me = Seat(player)
    computer = Seat(COMPUTER, "computer", "perfect")
    seats = (me, computer) if puzzle.to_move == 1 else (computer, me)
    return GameSetup.make(puzzle.game, puzzle.options, seats)


if TYPE_CHECKING:  # what the mode is mixed into (any game's board): its calls are checked
    from app.tui.game_screen import SomeGameScreen

    _Board = SomeGameScreen
else:
    _Board = Screen


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class PuzzleMode(_Board):
    """Mixed in ahead of a board's screen class (see `puzzle_screen`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "Retry"),
        Binding("s", "solution", "Solution"),
        Binding("n", "next_puzzle", "Next puzzle"),
    ]

    def __init__(
        self, puzzle: Puzzle, player: str, *, rated: bool = True, daily: str | None = None
    ) -> None:
        self.puzzle = puzzle
        self.player = player
        self.rated = rated
        self.daily = daily
        #: "solved", "failed" or None while the puzzle is on.
        self.result: str | None = None
        self.feedback = ""
        #: The winning moves where the player went wrong (notation).
        self.missed: tuple[str, ...] = puzzle.solution
        self.rating_change: tuple[int, int] | None = None
        #: A move is being checked by the solver (in the screen's helper process).
        self.judging = False
        #: The position where the player went wrong.
        self.failed_at: GameState | None = None
        super().__init__(puzzle_setup(puzzle, player), list(puzzle.moves))

    @property
    def mover(self) -> PlayerNo:
        return self.puzzle.to_move

    # What the game screen does, changed for a puzzle

    @property
    def in_progress(self) -> bool:
        return False  # leaving a puzzle asks nothing and keeps nothing

    def autosave(self) -> None:
        return None

    def finish_match(self) -> None:
        return None  # a puzzle is not a game of the statistics

    def show_game_over(self) -> None:
        return None

    def on_mount(self) -> None:
        variant = variant_summary(self.setup.options)
        words = f"{self.puzzle.difficulty} puzzle · {variant}"
        self.query_one("#variant", Static).update(Text(words))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("retry", "solution"):
            return self.result is not None
        if action == "next_puzzle":
            return True
        if action in ("rematch", "new_game", "save", "undo", "hint"):
            return False
        if self.result is not None and action not in ("rules", "leave"):
            return False
        return super().check_action(action, parameters)

    def turn_hint(self, state: GameState) -> str:
        board_hint = super().turn_hint(state)
        if self.result == "failed":
            return self.feedback
        task = f"Player {self.mover} to move and win."
        if self.puzzle.game == "conquest" and not self.feedback:
            task = f"{task} {CONQUEST_NOTE}"
        return " ".join(part for part in (self.feedback, task, board_hint) if part)

    def redraw(self) -> None:
        super().redraw()
        state = self.state
        if state is None or self.is_over or self.result is not None or self.refusal:
            return
        # The task stays in view: the last move's note (if any) goes before it.
        note = state.note
        task = self.turn_hint(state)
        self.say(f"{note} {task}" if note else task, "info")

    def schedule_bot(self) -> None:
        if self.result == "failed":
            return  # the refutation is played at once, and nothing after it
        super().schedule_bot()

    def round_over(self) -> None:
        outcome = self.outcome
        if outcome is None or not self.is_mounted:
            return
        self.redraw()
        if self.result == "failed":
            self.say(self.feedback, "error")  # over the redraw's "Computer wins"
            return
        if outcome.winner == self.mover and self.result is None:
            self.result = "solved"
            change = self.record(solved=True)
            self.say(
                f"Solved! {self.named(record_reason(outcome))}.{change} Press n for the next one.",
                "success",
            )
            self.refresh_bindings()

    # Judging moves

    def play(self, move: Frozen) -> bool:
        game = self.game
        if self.result is not None:
            self.say("This puzzle is over: r to try again, s for the solution, n for the next.")
            return False
        if self.judging:
            return False  # one move at a time: the last one is still being checked
        state = self.position
        if game.to_move(state) != self.mover or game.is_over(state):
            return super().play(move)
        try:
            game.play(state, move)
        except IllegalMove:
            return super().play(move)  # the rules say why
        self.judging = True
        self.say("Checking your move…")
        game_id, text = self.puzzle.game, game.format_move(move)

        def judged(verdict: Verdict) -> None:
            self._judged(state, move, verdict)

        def failed(why: str) -> None:
            self.judging = False
            if self.state is state:
                self.say(f"Your move could not be checked: {why}", "error")

        # `judge_move` is looked up here, when asked: a test may put a slower one in its place.
        self.searches.ask("puzzle-judge", judge_move, (game_id, state, text), judged, failed)
        return True

    def _judged(self, before: GameState, move: Frozen, verdict: Verdict) -> None:
        self.judging = False
        if self.state is not before or self.result is not None:
            return  # left, or retried, meanwhile
        if verdict.right:
            self.feedback = f"Right: {verdict.words} keeps the win."
            super().play(move)
            return
        self.missed = verdict.winning
        self.failed_at = before
        self.result = "failed"
        change = self.record(solved=False)
        why = self.named(verdict.why)
        self.feedback = f"{why}{change} Press r to try again or s for the solution."
        super().play(move)
        if verdict.reply is not None and not self.is_over:
            super().play(self.game.parse_move(verdict.reply))
        self.say(self.feedback, "error")
        self.refresh_bindings()

    def record(self, solved: bool) -> str:
        """Count the try (rated the first time); a sentence on the rating, or ""."""
        from app.ratings import record_puzzle
        from app.ratings_db import open_ratings
        from app.stats import StatsError

        try:
            conn = open_ratings()
            try:
                change = record_puzzle(
                    conn, self.player, self.puzzle, solved, self.rated, self.daily
                )
            finally:
                conn.close()
        except (StatsError, OSError) as error:
            self.notify(f"The puzzle was not counted: {error}", severity="warning", markup=False)
            return ""
        if change is None:
            return ""
        before, after = change
        self.rating_change = (before.shown, after.shown)
        return f" Puzzle rating {before.shown} → {after.shown}."

    # Actions

    def action_retry(self) -> None:
        screen = puzzle_screen(self.puzzle)(self.puzzle, self.player, rated=False, daily=self.daily)
        self.app.switch_screen(screen)

    def action_solution(self) -> None:
        game_id = self.puzzle.game
        where = self.failed_at if self.failed_at is not None else self.puzzle.state()
        words = "; or ".join(move_words(game_id, where, m) for m in self.missed)
        self.say(f"The winning moves were: {words}. Press r to try again.", "note")
        if self.missed:
            self.show_hint(self.missed[0])

    def action_next_puzzle(self) -> None:
        from rules.puzzles.bank import pick

        following = pick(self.puzzle.game, None, self.puzzle.difficulty)
        self.app.switch_screen(puzzle_screen(following)(following, self.player))


_classes: dict[str, type[PuzzleMode]] = {}


def puzzle_screen(puzzle: Puzzle) -> type[PuzzleMode]:
    """The puzzle screen class of the puzzle's game: `PuzzleMode` + the game's board."""
    if puzzle.game not in _classes:
        from app.tui.boards import board_screen

        board = board_screen(puzzle.game)
        made = type(f"Puzzle{board.__name__}", (PuzzleMode, board), {})
        _classes[puzzle.game] = cast(type[PuzzleMode], made)  # (made at run time)
    return _classes[puzzle.game]
