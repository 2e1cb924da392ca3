"""The course of a match on the game screen: the clock, rounds, the end, and the record.

`GameFlow` is a part the game screen owns (`screen.flow`). It ticks the clock per turn
(a player whose time runs out loses the round), shows the round-over dialog and starts
the next round, shows the match result in the game-over dialog (with Export), counts a
finished game in the statistics once, saves the game with ctrl+s, and writes the
autosave slot when a game is left unfinished. The screen keeps the hooks a puzzle
changes (`round_over`, `finish_match`, `show_game_over`, `autosave`) and the actions
the keys name, each a call into this part.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any, Generic, Protocol

from textual.app import App
from textual.notifications import SeverityLevel

from app import stats, storage
from app.tui.dialogs import GameOverDialog, RoundOverDialog
from app.tui.match_control import MatchControl
from app.tui.record_dialogs import ExportDialog
from app.tui.session import GameSetup
from rules.base import MoveT, OptionsT, Outcome, PlayerNo, StateT
from rules.records import RecordError
from rules.words.outcome import reason_text
from widgets.player_panel import PlayerPanel
from widgets.status_line import Level

#: How often the clock is looked at (seconds).
TICK = 0.25


def export_folder() -> Path:
    """Where the export dialog proposes to write: `exports` in the data folder (the
    player may type any other path)."""
    from app.data_folder import data_dir

    return data_dir() / "exports"


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

    @property
    def is_current(self) -> bool: ...

    def panel(self, player: PlayerNo) -> PlayerPanel: ...

    def redraw(self) -> None: ...

    def say(self, message: str, level: Level = "info") -> None: ...

    def reset_input(self) -> None: ...

    def new_position(self) -> None: ...

    def turn_hint(self, state: StateT) -> str: ...

    def finish_match(self) -> None: ...

    def show_game_over(self) -> None: ...

    def round_over(self) -> None: ...

    def to_menu(self) -> None: ...

    def action_rematch(self) -> None: ...

    def action_new_game(self) -> None: ...

    def action_save(self) -> None: ...


class GameFlow(Generic[OptionsT, StateT, MoveT]):
    """Rounds, the clock, the end of the match and the game record of `screen`."""

    def __init__(self, screen: FlowSeat[OptionsT, StateT, MoveT]) -> None:
        self._screen = screen
        #: The record id of the match last counted in the statistics.
        self._counted: str | None = None

    def _notify(self, message: str, severity: SeverityLevel) -> None:
        self._screen.app.notify(message, severity=severity, markup=False)

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

    # Rounds and the end

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

    def finish_match(self) -> None:
        """Count the finished match in the statistics (once), and clear its autosave."""
        record = self._screen.control.record()
        if self._counted == record.id:
            return
        self._counted = record.id
        try:
            stats.record_game(record)
        except (stats.StatsError, OSError, ValueError) as error:
            self._notify(f"The statistics were not updated: {error}", "warning")
        try:
            saved = storage.load_autosave()
        except (RecordError, OSError):
            saved = None
        if saved is not None and saved.id == record.id:
            storage.clear_autosave()

    def show_game_over(self) -> None:
        screen = self._screen
        result = screen.control.result
        if result is None or not screen.is_current:
            return

        def chosen(choice: str | None) -> None:
            if choice == "rematch":
                screen.action_rematch()
            elif choice == "new":
                screen.action_new_game()
            elif choice == "menu":
                screen.to_menu()
            elif choice == "export":
                self.export()
            elif choice == "save":
                screen.action_save()
                screen.show_game_over()

        outcome = screen.outcome
        control, names = screen.control, screen.setup.names
        reason = reason_text(outcome if outcome is not None else result, names)
        if control.best_of > 1:
            won, lost = control.wins[result.winner - 1], control.wins[2 - result.winner]
            reason = f"{reason}; match won {won}–{lost}"
        dialog = GameOverDialog(
            winner=screen.setup.name(result.winner),
            player=result.winner,
            reason=reason,
            moves=control.move_count,
            analysis=self._analysis,
        )
        screen.app.push_screen(dialog, chosen)

    def _analysis(self) -> bool:
        """Open the analysis of the game just finished; of a match of several rounds,
        of the round the player chooses (as a saved match replays)."""
        from app.tui.analysis_screen import analysis_of
        from app.tui.replay import open_replay

        screen = self._screen
        if len(screen.control.match.results) > 1:
            open_replay(screen.app, screen.control.record())
            return True
        analysis = analysis_of(screen)
        if analysis is None:
            return False
        screen.app.push_screen(analysis)
        return True

    def new_game(self) -> None:
        open_setup = getattr(self._screen.app, "open_setup", None)
        if open_setup is not None:
            open_setup(self._screen.setup.game_id, self._screen.setup, replace=True)

    def to_menu(self) -> None:
        go_menu = getattr(self._screen.app, "go_menu", None)
        if go_menu is not None:
            go_menu()

    # Records

    def save(self) -> None:
        """ctrl+s: save the game in the saves folder; the status line names the file."""
        try:
            path = storage.save_game(self._screen.control.record())
        except OSError as error:
            self._screen.say(f"The game could not be saved: {error.strerror or error}", "error")
            return
        self._screen.say(f"Saved to {path}", "success")
        self._screen.app.notify(f"Saved to {path}", markup=False)

    def autosave(self) -> Path | None:
        """Keep an unfinished game in the autosave slot (the menu offers it next time)."""
        control = self._screen.control
        if not control.started_playing or control.result is not None:
            return None
        try:
            return storage.write_autosave(control.record())
        except OSError as error:
            why = error.strerror or error
            self._notify(f"The game could not be kept for later: {why}", "error")
            return None

    def export(self) -> None:
        """Ask where, write the record there, say where; then the game-over dialog again."""
        screen = self._screen
        record = screen.control.record()
        default = export_folder() / storage.record_file_name(record)
        with suppress(OSError):  # the proposed folder exists (the player may type another)
            default.parent.mkdir(parents=True, exist_ok=True)

        def write(path: Path | None) -> None:
            if path is not None:
                try:
                    written = storage.export_record(record, path)
                except OSError as error:
                    why = error.strerror or error
                    self._notify(f"Could not export to {path}: {why}", "error")
                else:
                    screen.say(f"Exported to {written}", "success")
                    screen.app.notify(f"Exported to {written}", markup=False)
            screen.show_game_over()

        screen.app.push_screen(ExportDialog(default), write)
