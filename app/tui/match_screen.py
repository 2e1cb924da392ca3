"""One match on the game screen: a view of a match session (`app.match_session`).

A move goes to `session.play`, and the screen renders the events it returns; the clock
ticks every `TICK` seconds while the screen is looked at. The board (`app.tui.boards`)
draws each position shown and says what each player holds and what the mover does.
Subclasses add the computer's turns and hints (`thinking`), the ends and keys
(`game_screen`).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterable
from typing import Generic, cast

from rich.text import Text
from textual._time import get_time
from textual.events import Callback
from textual.geometry import Size
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from app.match_session.events import ClockRanOut, Event, NotKept, Played, Refused, RoundOver
from app.match_session.keeping import Keeper, KeepNothing, SavedGames
from app.match_session.referee import Referee
from app.match_session.session import MatchSession
from app.match_session.setup import GameSetup
from app.match_session.starts import from_setup
from app.tui import scoreboard
from app.tui.boards.common import Board
from app.tui.drawn_once import drawn_once, scroll_bars, with_bars
from app.tui.mounting import gone
from app.tui.searches import Searches
from rules.base import Game, MoveT, OptionsT, Outcome, PlayerNo, StateT
from rules.records import GameRecord
from rules.words.common import capitalized, listed_in_words, listed_names, name_players
from widgets.move_list import MoveList
from widgets.player_panel import PlayerPanel
from widgets.status_line import Level, StatusLine

#: How often the clock is looked at (seconds).
TICK = 0.25


@drawn_once
class MatchScreen(Screen[None], Generic[OptionsT, StateT, MoveT]):
    """A match of one game on screen, typed by the game's options, state and move models."""

    #: The game's board (made by `GameScreen`).
    board: Board[OptionsT, StateT, MoveT]

    # None until mounted; the board redraws its own widgets (no whole-screen repaint).
    state: reactive[StateT | None] = reactive(None, always_update=True, init=False, repaint=False)

    def __init__(
        self,
        setup: GameSetup,
        moves: list[str] | None = None,
        record: GameRecord | None = None,
        *,
        referee: Referee | None = None,
    ) -> None:
        """`moves` (notation) are played first, as if typed; `record` (unfinished) is
        resumed; `referee` decides beside the rules (a puzzle's judges the moves)."""
        super().__init__(classes=f"game-screen game-{setup.game_id}")
        self.setup = setup
        self.start_moves = list(moves or [])
        self.referee: Referee = referee or Referee()
        # (a move's write off this thread: the app waits for it before the next frame)
        self.keeper: Keeper = (
            SavedGames(background=True, told=self._told_later)
            if self.referee.keeps
            else KeepNothing()
        )
        self.session: MatchSession[OptionsT, StateT, MoveT] = from_setup(
            setup, record, keeper=self.keeper
        )
        self.game: Game[OptionsT, StateT, MoveT] = self.session.game
        self.refusal: str | None = None
        #: The position the refusal was about: it is not shown once the position changes.
        self.refused_in: StateT | None = None
        self.searches = Searches(self)
        self._offers: tuple[bool, ...] = ()
        #: The position last shown (a redraw of it leaves the searches asked alone).
        self._shown: StateT | None = None
        self._ticked: str | None = None
        self._banner_shown: Text | None = None

    def new_session(self, setup: GameSetup) -> None:
        self.setup = setup
        clock = self.session.clock
        self.session = from_setup(setup, clock=clock, keeper=self.keeper)

    @property
    def options(self) -> OptionsT:
        """The options set up (this round's: `state.options`)."""
        return cast(OptionsT, self.setup.options)

    @property
    def position(self) -> StateT:
        state = self.state
        if state is None:
            raise RuntimeError("the game screen has shown no position yet")
        return state

    def on_mount(self) -> None:
        if gone(self) or self.state is not None:
            return
        self.query_one(MoveList).marks = listed_names(self.setup.names)
        self.set_interval(TICK, self.tick)
        session = self.session
        for text in self.start_moves:  # e.g. `play GAME --moves "..."`: already checked
            session.next_round()
            session.play(text)
        self.state = session.state
        if session.is_over:
            self.call_after_refresh(self.round_over)

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """(Each widget whose size a layout sets asks for another layout, which would change
        nothing: those asks are answered by this one, except a widget's whose scroll bar
        came or went with it. So are the Layout messages sent before it; a widget's ask
        not sent yet is kept: its containers are laid out anew once it is sent.)"""
        widgets = [self, *self.walk_children(Widget)]
        bars = [scroll_bars(widget) for widget in widgets]
        parts = [with_bars(widget) for widget in widgets]
        asked = [[part._layout_required for part in found] for found in parts]
        super()._refresh_layout(size, scroll)
        if getattr(self, "_laid_out_at", None) is None:  # (the first: drawn_once's)
            return
        self._laid_out_at = get_time()  # (drawn_once answers the Layout messages before it)
        for widget, before, found, was in zip(widgets, bars, parts, asked, strict=True):
            if scroll_bars(widget) == before:
                for part, pending in zip(found, was, strict=True):
                    part._layout_required = pending

    def on_unmount(self) -> None:
        self.searches.close()  # no search outlives its screen, nor its helper process
        # The solver's tables are the largest thing the app holds: forgotten when the game
        # closes (in a thread: clearing waits for a search that may still be running).
        solver = sys.modules.get("rules.solver.core")
        if solver is not None:
            threading.Thread(target=solver.clear_cache, daemon=True).start()

    def task_words(self, state: StateT) -> str:
        """What the player to move does now, as the referee says it."""
        return self.referee.task(state, self.board.turn_hint(state))

    @property
    def history(self) -> list[StateT]:
        return self.session.history

    @property
    def moves(self) -> list[tuple[PlayerNo, str]]:
        return self.session.moves

    @property
    def outcome(self) -> Outcome | None:
        return self.session.outcome

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    @property
    def in_progress(self) -> bool:
        """Started and not decided: leaving keeps it (a puzzle never)."""
        return self.referee.keeps and self.session.in_progress

    @property
    def to_move(self) -> PlayerNo:
        return self.game.to_move(self.position)

    @property
    def human_to_move(self) -> bool:
        # (keys queued behind the one that opened the screen come before its position)
        return (
            self.state is not None
            and not self.is_over
            and self.to_move not in self.session.computers
            and self.referee.plays(self.to_move)  # (an online game: this keyboard's seat)
        )

    def named(self, text: str) -> str:
        return name_players(text, self.setup.names)

    def play(self, move: MoveT) -> bool:
        """Ask the session to play `move`; show what happened. True when it was played."""
        if self.state is None or self.is_over:
            return False
        self.tick_clock()
        return self.show_events(self.session.play(move))

    def show_events(self, events: Iterable[Event]) -> bool:
        """Render what the session says happened; True when a move was played."""
        moved = ended = False
        for event in events:
            if isinstance(event, Refused):
                self.refuse(event.reason)
            elif isinstance(event, Played | ClockRanOut):
                moved = True
            elif isinstance(event, RoundOver):
                ended = True
            elif isinstance(event, NotKept):
                warning = event.part == "statistics"
                self.notify(event.reason, severity="warning" if warning else "error", markup=False)
        if moved:
            self.new_position()
        if ended:  # (before the last move's frame: that frame shows the dialog over it)
            self.call_later(self.round_over)
        return moved and not any(isinstance(e, ClockRanOut) for e in events)

    def _told_later(self, event: NotKept) -> None:
        """What the keeper's writer thread found (a game not counted), said on this one."""

        def say() -> None:
            self.show_events([event])

        self.post_message(Callback(callback=say))  # (thread-safe)

    def new_position(self) -> None:
        """The match moved (a move, a takeback, the next round, a rematch): show it."""
        self.refusal = None
        self.board.reset_input()
        self.state = self.session.state

    def round_over(self) -> None:
        """After a round's last move (`app.tui.game_screen`: the dialogs)."""

    def tick_clock(self) -> None:
        """Count the time up to now against the mover (a dialog over it stops the clock)."""
        self.session.tick(running=self.is_active and self.state is not None)

    def tick(self) -> None:
        """A person out of time loses the round; a task that changes with time (a puzzle
        storm's clock) is drawn again."""
        self.tick_clock()
        ticking = self.referee.ticking
        if ticking is not None and self.state is not None and ticking != self._ticked:
            self._ticked = ticking
            if ticking == "over":
                self.refresh_bindings()  # the footer drops the storm's keys
            if not self.is_over:
                self.redraw()
            elif (ended := self.referee.ended_meanwhile) is not None:
                self.say(ended)  # the board's end stays said until then (a solved puzzle)
        if self.state is None or self.is_over or not self.session.turn_seconds:
            return
        if self.human_to_move and self.is_active and self.session.out_of_time():
            self.show_events(self.session.time_out())
            return
        self.show_clocks()

    def on_screen_suspend(self) -> None:
        self.session.tick(running=self.state is not None)

    def on_screen_resume(self) -> None:
        self.session.tick(running=False)

    def panel(self, player: PlayerNo) -> PlayerPanel:
        return self.query_one(f"#panel-{player}", PlayerPanel)

    def refuse(self, message: str) -> None:
        if gone(self):  # (a message or timer handled as the screen closes)
            return
        self.refusal = capitalized(listed_in_words(message))  # ("[2, 4]" is the seeds')
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
        self.position_shown(state)

    def position_shown(self, state: StateT) -> None:
        """A position was shown (`thinking`: the computer's turn, the hints)."""

    def show_clocks(self) -> None:
        for player in (1, 2):
            panel = self.panel(player)
            panel.clock, panel.low_time = scoreboard.clock_text(self.session, self.setup, player)

    def redraw(self) -> None:
        if gone(self):
            return
        with self.app.batch_update():
            offers = self._redraw()
            if offers != self._offers:  # (the footer redraws on refresh_bindings)
                self._offers = offers
                self.refresh_bindings()
        state = self.state
        if (
            self.referee.keeps_task_in_view
            and not self.is_over
            and state is not None
            and not self.refusal
        ):  # the task stays in view, after the last move's note
            note, task = state.note, self.task_words(state)
            self.say(f"{note} {task}" if note else task, "info")

    def _redraw(self) -> tuple[bool, ...]:
        """Draw everything from the session; what the footer should offer."""
        session, setup, state = self.session, self.setup, self.position
        outcome = session.outcome
        for player in (1, 2):
            self.panel(player).show(
                name=setup.name(player),
                kind=setup.seats[player - 1].label,
                holdings=self.board.holdings(state, player),
                active=outcome is None and self.to_move == player,
                winner=outcome is not None and outcome.winner == player,
                score=scoreboard.score_text(session, player),
            )
        self.show_clocks()
        banner = self.query_one("#turn-banner", Static)
        text, classes = scoreboard.banner(session, setup)
        if text != self._banner_shown:
            self._banner_shown = text
            banner.update(text, layout=False)  # (its size is fixed: 24 × the panels')
        if set(banner.classes) != set(classes.split()):  # (a change restyles it)
            banner.set_classes(classes)
        if (title := scoreboard.match_text(session)) != (banner.border_title or ""):
            banner.border_title = title  # (set, even unchanged, it is drawn again)
        self.query_one(MoveList).moves = scoreboard.move_list(session, setup)
        refusal = self.refusal if self.refused_in is state else None
        said, level = scoreboard.status(session, setup, refusal, self.task_words(state))
        self.query_one(StatusLine).show(said, level)
        self.board.draw(state)
        return (session.can_take_back(), outcome is not None, self.human_to_move)
