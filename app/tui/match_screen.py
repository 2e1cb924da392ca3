"""One match on the game screen: the position shown, the parts that play it, and drawing.

`MatchScreen` is the base of `GameScreen` (`app.tui.game_screen`, which adds the keys).
It owns what all five games share: the position shown (a frozen rules model, in a
reactive typed by the board's game), drawing it, playing a move and the course of the
match. The match behind it (rounds, the time each move took, the clock, the record) is
a `MatchControl`. Parts it owns, each with a small interface the
screen calls: `flow` (the clock, rounds), `records` (the end, saving, exporting),
`searches` (the solver's questions, in a helper process), `computer` (the computer's
turns), `hints` (`h`) and `takebacks` (undo); what is drawn around the board (panels,
banner, move list, status line) is `app.tui.scoreboard`.

A board adds its widgets (`compose_board`), redraws them from a state of its game
(`update_board`), says what each player holds (`holdings`) and what the player to move
does (`turn_hint`), highlights a hinted move (`show_hint`), and turns its widgets'
messages into moves of its game for `play`.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Generic, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.screen import Screen

from app.tui import game_flow
from app.tui.computer import Bot, ComputerTurns, bots_for
from app.tui.game_flow import GameFlow
from app.tui.game_records import GameRecords
from app.tui.hints import Hints
from app.tui.match_control import MatchControl
from app.tui.mounting import gone
from app.tui.scoreboard import redraw_around_the_board
from app.tui.searches import Searches
from app.tui.session import GameSetup, marks
from app.tui.takeback import Takebacks
from rules.base import Game, IllegalMove, MoveT, OptionsT, Outcome, PlayerNo, StateT
from rules.records import GameRecord
from rules.words.common import name_players
from widgets.move_list import MoveList
from widgets.player_panel import PlayerPanel
from widgets.status_line import Level, StatusLine


class MatchScreen(Screen[None], Generic[OptionsT, StateT, MoveT]):
    """A match of one game on screen, typed by the game's options, state and move
    models: what the board is handed to draw and hands back to play are the rules' own."""

    # The board redraws its own widgets (repaint=False: no whole-screen repaint per move).
    # None until the screen has mounted and shown its first position.
    state: reactive[StateT | None] = reactive(None, always_update=True, init=False, repaint=False)

    def __init__(
        self, setup: GameSetup, moves: list[str] | None = None, record: GameRecord | None = None
    ) -> None:
        """`moves` (notation) are played first, as if typed; `record` (an unfinished
        game) is resumed where it was left."""
        super().__init__(classes=f"game-screen game-{setup.game_id}")
        self.setup = setup
        self.start_moves = list(moves or [])
        self.control: MatchControl[OptionsT, StateT, MoveT] = MatchControl(setup, record)
        #: The game of `setup`, typed by the board: the match's (the registry's one game).
        self.game: Game[OptionsT, StateT, MoveT] = self.control.game
        self.refusal: str | None = None
        #: The position the refusal was about: it is not shown once the position changes.
        self.refused_in: StateT | None = None
        self.bots: dict[PlayerNo, Bot[StateT, MoveT]] = bots_for(setup, self.game)
        self.flow = GameFlow(self)
        self.records = GameRecords(self)
        self.searches = Searches(self)
        self.computer = ComputerTurns(self, self.searches)
        self.hints = Hints(self, self.searches)
        self.takebacks = Takebacks(self)
        self._offers: tuple[bool, ...] = ()
        #: The position last shown (a redraw of it leaves the searches asked alone).
        self._shown: StateT | None = None

    @property
    def options(self) -> OptionsT:
        """The options this game was set up with (this round's, in `state.options`)."""
        return cast(OptionsT, self.setup.options)

    @property
    def position(self) -> StateT:
        """The position shown (`state`, once the screen has shown one)."""
        state = self.state
        if state is None:
            raise RuntimeError("the game screen has shown no position yet")
        return state

    # Mounting

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted
            return
        # Textual calls each class's on_mount, the board's first: the boards never call
        # this one themselves.
        if self.state is not None:
            return
        self.query_one(MoveList).marks = marks(self.setup.names)
        self.set_interval(game_flow.TICK, self.flow.tick)  # (read now: a test shortens it)
        for text in self.start_moves:  # e.g. `play GAME --moves "..."`: already checked
            if self.control.round_end is not None:
                self.control.next_round()
            self.control.play(self.game.parse_move(text))
        self.state = self.control.state
        if self.control.round_end is not None:
            self.call_after_refresh(self.round_over)

    def on_unmount(self) -> None:
        self.searches.close()  # no search outlives its screen, nor its helper process
        # The solver's tables (the computer's, the hints', the analysis') are the largest
        # thing the app holds: kept while the game is on screen, forgotten when it closes,
        # so a long session stays as small as one game (`python bench/tui.py memory`).
        # In a thread: clearing waits for a search that may still be running.
        solver = sys.modules.get("rules.solver")
        if solver is not None:
            threading.Thread(target=solver.clear_cache, daemon=True).start()

    # What a board provides

    def compose_board(self) -> ComposeResult:
        """The board's widgets, in the middle of the screen (`GameScreen.compose`)."""
        yield from ()

    def update_board(self, state: StateT) -> None:
        """Redraw the board's widgets from `state`."""

    def holdings(self, state: StateT, player: PlayerNo) -> Text:
        """What `player` holds, for their panel."""
        return Text()

    def turn_hint(self, state: StateT) -> str:
        """What the player to move does now (shown when there is nothing else to say)."""
        return ""

    def reset_input(self) -> None:
        """Forget a half-made move (a pick waiting for its declaration, a chosen operator)."""

    def show_hint(self, move: str | None) -> None:
        """Highlight the hinted `move` (notation) on the board; None: clear it."""

    # Playing

    @property
    def history(self) -> list[StateT]:
        """The current round's positions before each of its moves."""
        return self.control.history

    @property
    def moves(self) -> list[tuple[PlayerNo, str]]:
        """The current round's moves: (player, notation)."""
        return self.control.moves

    @property
    def outcome(self) -> Outcome | None:
        """How the shown round ended (by the rules, or a player's time ran out)."""
        return self.control.outcome

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_progress(self) -> bool:
        """Started and not decided: leaving keeps it in the autosave slot."""
        return self.control.started_playing and self.control.result is None

    @property
    def to_move(self) -> PlayerNo:
        return self.game.to_move(self.position)

    @property
    def human_to_move(self) -> bool:
        # No one moves on a screen that shows no position yet: keys queued behind the one
        # that opened it arrive before it has mounted (issue 29).
        return self.state is not None and not self.is_over and self.to_move not in self.bots

    def named(self, text: str) -> str:
        return name_players(text, self.setup.names)

    def play(self, move: MoveT) -> bool:
        """Ask the rules to play `move`; on refusal show why. True when it was played."""
        if self.state is None or self.is_over:
            return False
        self.flow.tick_clock()
        try:
            ended = self.control.play(move)
        except IllegalMove as error:
            self.refuse(str(error))
            return False
        self.refusal = None
        self.reset_input()
        self.state = self.control.state
        if ended:
            self.call_after_refresh(self.round_over)
        return True

    def new_position(self) -> None:
        """The match moved (a takeback, the next round, a rematch): show its position."""
        self.refusal = None
        self.reset_input()
        self.state = self.control.state

    # Drawing

    def panel(self, player: PlayerNo) -> PlayerPanel:
        return self.query_one(f"#panel-{player}", PlayerPanel)

    def refuse(self, message: str) -> None:
        if gone(self):  # a message or timer handled as the screen closes: nothing to draw on
            return
        self.refusal = message[:1].upper() + message[1:]
        self.refused_in = self.state
        self.query_one(StatusLine).show(self.named(self.refusal), "error")
        self.app.bell()

    def say(self, message: str, level: Level = "info") -> None:
        if not gone(self):
            self.query_one(StatusLine).show(self.named(message), level)

    def watch_state(self, state: StateT | None) -> None:
        if state is None:
            return
        if state is not self._shown:  # (a redraw of the same position asks nothing anew)
            self._shown = state
            self.searches.cancel()  # a question about another position is not wanted
        self.redraw()
        self.schedule_bot()
        self.hints.position_changed(state)

    def schedule_bot(self) -> None:
        """The computer's turn, if it is to move (a puzzle holds it back once failed)."""
        self.computer.schedule()

    def clear_hint(self) -> None:
        """The player chose (an operator, a number): the hint's highlight goes."""
        self.hints.clear()

    def redraw(self) -> None:
        if gone(self):  # as in `refuse`: the widgets are going
            return
        with self.app.batch_update():
            self._redraw()

    def _redraw(self) -> None:
        offers = redraw_around_the_board(self)
        # The footer redraws itself on refresh_bindings: only when what it offers changes.
        if offers != self._offers:
            self._offers = offers
            self.refresh_bindings()

    # The course of the match (`flow`) and its end (`records`); a puzzle changes the
    # first four

    def round_over(self) -> None:
        self.flow.round_over()

    def finish_match(self) -> None:
        self.records.finish_match()

    def show_game_over(self) -> None:
        self.records.show_game_over()

    def autosave(self) -> Path | None:
        return self.records.autosave()

    def on_screen_suspend(self) -> None:
        self.flow.suspended()  # another screen covers this one: the clock stops

    def on_screen_resume(self) -> None:
        self.flow.resumed()

    def to_menu(self) -> None:
        self.flow.to_menu()

    def action_rematch(self) -> None:
        self.flow.rematch()

    def action_new_game(self) -> None:
        self.flow.new_game()

    def action_save(self) -> None:
        self.records.save()
