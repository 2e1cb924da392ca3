"""The course of a match on the game screen: the clock, and one round after another.

`GameFlow` is a part the game screen owns (`screen.flow`). It ticks the clock per turn
(a player whose time runs out loses the round) and says what the panels and the banner
show of it and of the match score; after a round's last move it shows the round-over
dialog and starts the next round, or, once the match is decided, hands over to the
screen's end (`finish_match`, `show_game_over`: `app.tui.game_records`). It starts a
rematch, and goes to a new game's setup or to the menu. The screen keeps the hooks a
puzzle changes (`round_over`, `finish_match`, `show_game_over`, `autosave`) and the
actions the keys name, each a call into a part.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol

from textual.app import App

from app.tui.dialogs import RoundOverDialog
from app.tui.match_control import MatchControl
from app.tui.session import GameSetup
from rules.base import MoveT, OptionsT, Outcome, PlayerNo, StateT
from rules.words.outcome import reason_text
from widgets.player_panel import PlayerPanel
from widgets.status_line import Level

#: How often the clock is looked at (seconds).
TICK = 0.25


class FlowSeat(Protocol[OptionsT, StateT, MoveT]):
    """What `GameFlow` needs of the screen (the setup and match change on a rematch)."""

    setup: GameSetup
    control: MatchControl[OptionsT, StateT, MoveT]

    @property
    def app(self) -> App[Any]: ...  # as Textual types a screen's app

    @property
    def state(self) -> StateT | None: ...

    @property
    def position(self) -> StateT: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def is_active(self) -> bool: ...

    @property
    def is_mounted(self) -> bool: ...

    def panel(self, player: PlayerNo) -> PlayerPanel: ...

    def redraw(self) -> None: ...

    def say(self, message: str, level: Level = "info") -> None: ...

    def reset_input(self) -> None: ...

    def new_position(self) -> None: ...

    def turn_hint(self, state: StateT) -> str: ...

    def finish_match(self) -> None: ...

    def show_game_over(self) -> None: ...

    def round_over(self) -> None: ...


class GameFlow(Generic[OptionsT, StateT, MoveT]):
    """The clock and the rounds of `screen`'s match."""

    def __init__(self, screen: FlowSeat[OptionsT, StateT, MoveT]) -> None:
        self._screen = screen

    # The clock

    def tick_clock(self) -> None:
        """Count the time up to now against the player to move (while the screen is on
        top: a dialog or the rules stop the clock)."""
        screen = self._screen
        screen.control.tick(running=screen.is_active and screen.state is not None)

    def suspended(self) -> None:
        """Another screen covers this one (rules, a dialog): the clock stops."""
        self._screen.control.tick(running=self._screen.state is not None)

    def resumed(self) -> None:
        self._screen.control.tick(running=False)

    def tick(self) -> None:
        """The clock's tick (every `TICK` seconds): a player out of time loses the round."""
        screen = self._screen
        self.tick_clock()
        if screen.state is None or screen.is_over or not screen.control.turn_seconds:
            return
        if screen.control.out_of_time() and screen.human_to_move and screen.is_active:
            screen.control.time_out()
            screen.reset_input()
            screen.redraw()
            screen.round_over()
            return
        self.show_clocks()

    def show_clocks(self) -> None:
        """The seconds left in the mover's panel (the other shows a whole turn's time)."""
        left = self._screen.control.seconds_left()
        for player in (1, 2):
            panel = self._screen.panel(player)
            panel.clock, panel.low_time = self.clock_text(player, left)

    def clock_text(self, player: PlayerNo, left: int | None) -> tuple[str, bool]:
        screen = self._screen
        seconds = screen.control.turn_seconds
        if left is None or seconds is None or screen.setup.seats[player - 1].kind != "human":
            return "", False
        if screen.is_over or player != screen.control.game.to_move(screen.position):
            return f"{seconds} s a turn", False
        return f"{left} s left", left <= min(10, seconds // 3)

    def score_text(self, player: PlayerNo) -> str:
        control = self._screen.control
        if control.best_of <= 1:
            return ""
        won = control.wins[player - 1]
        return f"{won} of {control.match.rounds_to_win} round wins"

    def match_text(self) -> str:
        """The banner's title: `round 2 of 3 · 1–0` (nothing for a single game)."""
        control = self._screen.control
        if control.best_of <= 1:
            return ""
        one, two = control.wins
        return f"round {control.round_number} of {control.best_of} · {one}–{two}"

    # Rounds

    def round_over(self) -> None:
        """After a round's last move: the next round, or the end of the match."""
        screen = self._screen
        outcome = screen.outcome
        if outcome is None or not screen.is_mounted:
            return
        if screen.control.result is not None:
            screen.redraw()
            screen.finish_match()
            screen.show_game_over()
            return
        screen.redraw()
        setup, control = screen.setup, screen.control
        one, two = control.wins
        dialog = RoundOverDialog(
            winner=setup.name(outcome.winner),
            player=outcome.winner,
            reason=reason_text(outcome, setup.names),
            score=f"{setup.name(1)} {one} – {two} {setup.name(2)}",
            next_starter=setup.name(control.next_starter()),
        )
        screen.app.push_screen(dialog, lambda _: self.next_round())

    def next_round(self) -> None:
        self._screen.control.next_round()
        self._screen.new_position()

    def rematch(self) -> None:
        screen = self._screen
        screen.setup = screen.setup.rematch()
        screen.control = MatchControl(screen.setup)
        screen.new_position()
        first = screen.setup.name(screen.setup.first)
        screen.say(f"Rematch: {first} starts. {screen.turn_hint(screen.position)}")

    def new_game(self) -> None:
        open_setup = getattr(self._screen.app, "open_setup", None)
        if open_setup is not None:
            open_setup(self._screen.setup.game_id, self._screen.setup, replace=True)

    def to_menu(self) -> None:
        go_menu = getattr(self._screen.app, "go_menu", None)
        if go_menu is not None:
            go_menu()
