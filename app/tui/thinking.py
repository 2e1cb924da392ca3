"""The computer's turns, the hints and a puzzle's verdicts on the game screen: questions
to the solver, asked in the screen's helper process (`Searches`), answered with messages.

The computer's search starts at once, during a short pause for show
(`computer.BOT_DELAY`); its move is played when the pause is over, unless the position
changed meanwhile. Each answer is handled on the screen's queue (`call_later`), as a
message would be, after the key or message being handled.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer

from app.match_session.puzzle import PuzzleReferee
from app.match_session.referee import Referee
from app.match_session.setup import GameSetup
from app.process.search_process import start_server
from app.tui import computer, hints
from app.tui.computer import Bot, bots_for
from app.tui.hints import hint_sentence
from app.tui.match_screen import MatchScreen
from app.tui.mounting import gone
from rules.analysis import Hint
from rules.base import MoveT, OptionsT, PlayerNo, StateT
from rules.puzzles import refute
from rules.puzzles.refute import Verdict
from rules.records import GameRecord


class ThinkingScreen(MatchScreen[OptionsT, StateT, MoveT]):
    """A match on screen with the computer's turns and the hints."""

    def __init__(
        self,
        setup: GameSetup,
        moves: list[str] | None = None,
        record: GameRecord | None = None,
        *,
        referee: Referee | None = None,
    ) -> None:
        super().__init__(setup, moves, record, referee=referee)
        self.bots: dict[PlayerNo, Bot[StateT, MoveT]] = bots_for(setup, self.game)
        self._bot_timer: Timer | None = None
        #: The computer's move (or why it has none), found before its pause was over.
        self._bot_answer: Callable[[], None] | None = None
        #: The position a hint is being worked out for, and the one whose hint is shown.
        self._hint_asked: StateT | None = None
        self._hint_shown: StateT | None = None
        #: The move (notation) of the hint shown.
        self.hint_move: str | None = None

    def on_mount(self) -> None:
        # The helper process starts (and imports the game's search) while the board is
        # drawn; between people, the fork server the hint's helper is forked from.
        if self.bots and not gone(self):
            self.searches.warm_up(self.setup.game_id)
        elif not self.app.is_headless:  # (tests: no server at a moment a thread picks)
            self.call_after_refresh(start_server)

    def position_shown(self, state: StateT) -> None:
        if self.is_over and not self.bots:  # the analysis is next: its helper, a fork
            start_server()
        self.schedule_bot()
        self._hint_asked = None
        self.hint_move = None
        if self._hint_shown is not None and self._hint_shown is not state:
            self._hint_shown = None
            self.board.show_hint(None)

    def stop_bot(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self._bot_answer = None
        self.searches.drop("bot")

    def schedule_bot(self) -> None:
        """Start the computer's turn if it is to move (a failed puzzle holds it back)."""
        self.stop_bot()
        if self.referee.holds_computer:
            return
        if not self.is_over and self.to_move in self.bots:
            self._bot_timer = self.set_timer(computer.BOT_DELAY, self._pause_over)
            self._think()

    def _pause_over(self) -> None:
        self._bot_timer = None
        if self.is_over or self.to_move not in self.bots:
            return
        self.say(f"Player {self.to_move} is thinking…")  # the name says it is the computer
        answer, self._bot_answer = self._bot_answer, None
        if answer is not None:
            self.call_later(answer)

    def _think(self) -> None:
        player = self.to_move
        state, bot = self.position, self.bots[player]

        def deliver(handle: Callable[[], None]) -> None:
            if self._bot_timer is not None and self.state is state:
                self._bot_answer = handle  # handled when the pause for show is over
            else:
                self.call_later(handle)

        def answered(answer: tuple[MoveT, Bot[StateT, MoveT]]) -> None:
            move, moved_on = answer
            if self.bots.get(player) is bot:
                self.bots[player] = moved_on  # its random source, as the helper left it
            deliver(lambda: self.computer_moved(state, move))

        def failed(why: str) -> None:
            deliver(lambda: self.computer_failed(state, why))

        # (looked up when asked, here and below: a test may put a slower one in its place)
        self.searches.ask("bot", computer.ask_bot, (bot, state), answered, failed)

    def computer_moved(self, state: StateT, move: MoveT) -> None:
        if self.state is state and not self.is_over:  # not undone or left meanwhile
            self.play(move)

    def computer_failed(self, state: StateT, why: str) -> None:
        if self.state is state:
            self.say(f"The computer could not find a move: {why}", "error")

    def play(self, move: MoveT) -> bool:
        """Play `move`, unless the referee has it judged first (or refuses it)."""
        if self.state is None:
            return False
        admitted = self.referee.admits(self.game, self.state, move)
        if admitted == "play":
            return super().play(move)
        if admitted == "judge":
            self._judge(self.state, move)
            return True
        if admitted is not None:
            self.say(admitted)
        return False

    def _judge(self, state: StateT, move: MoveT) -> None:
        self.say("Checking your move…")
        args = (self.setup.game_id, state, self.game.format_move(move))

        def judged(verdict: Verdict) -> None:
            self.call_later(self.move_judged, state, move, verdict)

        def failed(why: str) -> None:
            self.call_later(self.move_not_judged, state, why)

        self.searches.ask("puzzle-judge", refute.judge_move, args, judged, failed)

    def move_judged(self, state: StateT, move: MoveT, verdict: Verdict) -> None:
        """The solver's verdict on `move` played in `state` (a puzzle)."""
        referee = self.referee
        if not isinstance(referee, PuzzleReferee):
            return
        if self.state is not state or referee.result is not None:
            referee.judging = False
            return  # left, or retried, meanwhile
        replies = referee.judged(state, verdict, self.named(verdict.why))
        super().play(move)
        if verdict.right:
            return
        for reply in replies:
            if not self.is_over:
                super().play(self.game.parse_move(reply))
        self.say(referee.feedback, "error")
        self.refresh_bindings()
        self.puzzle_counted()

    def move_not_judged(self, state: StateT, why: str) -> None:
        if isinstance(self.referee, PuzzleReferee):
            self.referee.judging = False
        if self.state is state:
            self.say(f"Your move could not be checked: {why}", "error")

    def puzzle_counted(self) -> None:
        why, self.referee.not_counted = self.referee.not_counted, None
        if why is not None:
            self.notify(why, severity="warning", markup=False)

    def ask_hint(self) -> None:
        if self.state is None or self.is_over:
            self.say("The game is over: there is nothing to hint.")
            return
        if not self.human_to_move:
            self.say("Hints are for a person to move: the computer is thinking.")
            return
        state = self.state
        if self._hint_asked is state:
            return  # already being worked out
        self._hint_asked = state
        names = self.setup.names
        self.say(f"Looking for the best move for {names[self.to_move - 1]}…")

        def answered(found: Hint | str) -> None:  # a str: why there is none (SolverError)
            self.call_later(self.hint_found, state, found)

        self.searches.ask(
            "hint", hints.hint, (self.setup.game_id, state, names), answered, answered
        )

    def hint_found(self, state: StateT, found: Hint | str) -> None:
        if self._hint_asked is state:
            self._hint_asked = None
        if self.state is not state:
            return  # the position changed meanwhile: that hint is stale
        if isinstance(found, str):
            self.say(f"No hint here: {found}", "error")
            return
        self.hint_move = found.move
        if found.move is not None:
            self.board.show_hint(found.move)
            self._hint_shown = state
        self.say(hint_sentence(found), "note")

    def clear_hint(self) -> None:
        if self._hint_shown is None:
            return
        self._hint_shown = None
        self.board.show_hint(None)
