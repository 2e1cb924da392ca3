"""The course of a match on the game screen: the clock, rounds, the end, and the record.

`GameFlow` is mixed into the game screen. It ticks the clock per turn (a player whose
time runs out loses the round), shows the round-over dialog and starts the next round,
shows the match result in the game-over dialog (with Export), counts a finished game in
the statistics once, saves the game with ctrl+s, and writes the autosave slot when a
game is left unfinished.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from app import stats, storage
from app.tui.dialogs import GameOverDialog, RoundOverDialog
from app.tui.match_control import MatchControl
from app.tui.record_dialogs import ExportDialog
from app.tui.session import GameSetup
from rules.base import Outcome, PlayerNo
from rules.records import RecordError
from rules.words.outcome import reason_text
from widgets.player_panel import PlayerPanel

#: How often the clock is looked at (seconds).
TICK = 0.25


def export_folder() -> Path:
    """Where the export dialog proposes to write: `exports` in the data folder (the
    player may type any other path)."""
    from app.data_folder import data_dir

    return data_dir() / "exports"


class GameFlow(Screen[None]):
    """Rounds, the clock, the end of the match and the game record. Needs `control`,
    `setup`, `state`, `outcome`, `is_over`, `human_to_move`, `redraw`, `say`, `named`,
    `reset_input` and `turn_hint` from the screen it is mixed into."""

    if TYPE_CHECKING:
        control: MatchControl
        setup: GameSetup
        state: Any
        refusal: str | None

        @property
        def outcome(self) -> Outcome | None: ...

        @property
        def is_over(self) -> bool: ...

        @property
        def human_to_move(self) -> bool: ...

        def redraw(self) -> None: ...

        def say(self, message: str, level: Any = "info") -> None: ...

        def named(self, text: str) -> str: ...

        def reset_input(self) -> None: ...

        def turn_hint(self, state: Any) -> str: ...

    #: The record id of the match last counted in the statistics.
    _counted: str | None = None

    # The clock

    def start_clock(self) -> None:
        self.set_interval(TICK, self._tick)

    def tick_clock(self) -> None:
        """Count the time up to now against the player to move (while the screen is on
        top: a dialog or the rules stop the clock)."""
        self.control.tick(running=self.is_active and self.state is not None)

    def on_screen_suspend(self) -> None:
        """Another screen covers this one (rules, a dialog): the clock stops."""
        self.control.tick(running=self.state is not None)

    def on_screen_resume(self) -> None:
        self.control.tick(running=False)

    def _tick(self) -> None:
        self.tick_clock()
        if self.state is None or self.is_over or not self.control.turn_seconds:
            return
        if self.control.out_of_time() and self.human_to_move and self.is_active:
            self.control.time_out()
            self.reset_input()
            self.redraw()
            self.round_over()
            return
        self.show_clocks()

    def show_clocks(self) -> None:
        """The seconds left in the mover's panel (the other shows a whole turn's time)."""
        left = self.control.seconds_left()
        for player in (1, 2):
            panel = self.query_one(f"#panel-{player}", PlayerPanel)
            panel.clock, panel.low_time = self.clock_text(player, left)

    def clock_text(self, player: PlayerNo, left: int | None) -> tuple[str, bool]:
        seconds = self.control.turn_seconds
        if left is None or seconds is None or self.setup.seats[player - 1].kind != "human":
            return "", False
        if self.is_over or player != self.control.game.to_move(self.state):
            return f"{seconds} s a turn", False
        return f"{left} s left", left <= min(10, seconds // 3)

    def score_text(self, player: PlayerNo) -> str:
        if self.control.best_of <= 1:
            return ""
        won = self.control.wins[player - 1]
        return f"{won} of {self.control.match.rounds_to_win} round wins"

    def match_text(self) -> str:
        """The banner's title: `round 2 of 3 · 1–0` (nothing for a single game)."""
        if self.control.best_of <= 1:
            return ""
        one, two = self.control.wins
        return f"round {self.control.round_number} of {self.control.best_of} · {one}–{two}"

    # Rounds and the end

    def round_over(self) -> None:
        """After a round's last move: the next round, or the end of the match."""
        outcome = self.outcome
        if outcome is None or not self.is_mounted:
            return
        if self.control.result is not None:
            self.redraw()
            self.finish_match()
            self.show_game_over()
            return
        self.redraw()
        one, two = self.control.wins
        dialog = RoundOverDialog(
            winner=self.setup.name(outcome.winner),
            player=outcome.winner,
            reason=reason_text(outcome, self.setup.names),
            score=f"{self.setup.name(1)} {one} – {two} {self.setup.name(2)}",
            next_starter=self.setup.name(self.control.next_starter()),
        )
        self.app.push_screen(dialog, lambda _: self.next_round())

    def next_round(self) -> None:
        self.control.next_round()
        self.refusal = None
        self.reset_input()
        self.state = self.control.state

    def action_rematch(self) -> None:
        self.setup = self.setup.rematch()
        self.control = MatchControl(self.setup)
        self.refusal = None
        self.reset_input()
        self.state = self.control.state
        self.say(
            f"Rematch: {self.setup.name(self.setup.first)} starts. {self.turn_hint(self.state)}"
        )

    def finish_match(self) -> None:
        """Count the finished match in the statistics (once), and clear its autosave."""
        record = self.control.record()
        if self._counted == record.id:
            return
        self._counted = record.id
        try:
            stats.record_game(record)
        except (stats.StatsError, OSError, ValueError) as error:
            self.notify(
                f"The statistics were not updated: {error}", severity="warning", markup=False
            )
        try:
            saved = storage.load_autosave()
        except (RecordError, OSError):
            saved = None
        if saved is not None and saved.id == record.id:
            storage.clear_autosave()

    def show_game_over(self) -> None:
        result = self.control.result
        if result is None or not self.is_current:
            return

        def chosen(choice: str | None) -> None:
            if choice == "rematch":
                self.action_rematch()
            elif choice == "new":
                self.action_new_game()
            elif choice == "menu":
                self.to_menu()
            elif choice == "export":
                self.export()
            elif choice == "save":
                self.action_save()
                self.show_game_over()

        outcome = self.outcome
        reason = reason_text(outcome if outcome is not None else result, self.setup.names)
        if self.control.best_of > 1:
            won, lost = self.control.wins[result.winner - 1], self.control.wins[2 - result.winner]
            reason = f"{reason}; match won {won}–{lost}"
        dialog = GameOverDialog(
            winner=self.setup.name(result.winner),
            player=result.winner,
            reason=reason,
            moves=self.control.move_count,
            analysis=self._analysis,
        )
        self.app.push_screen(dialog, chosen)

    def _analysis(self) -> bool:
        """Open the analysis of the game just finished; of a match of several rounds,
        of the round the player chooses (as a saved match replays)."""
        from app.tui.analysis_screen import analysis_of
        from app.tui.replay import open_replay

        if len(self.control.match.results) > 1:
            open_replay(self.app, self.control.record())
            return True
        screen = analysis_of(self)
        if screen is None:
            return False
        self.app.push_screen(screen)
        return True

    def action_new_game(self) -> None:
        open_setup = getattr(self.app, "open_setup", None)
        if open_setup is not None:
            open_setup(self.setup.game_id, self.setup, replace=True)

    def to_menu(self) -> None:
        go_menu = getattr(self.app, "go_menu", None)
        if go_menu is not None:
            go_menu()

    # Records

    def action_save(self) -> None:
        """ctrl+s: save the game in the saves folder; the status line names the file."""
        try:
            path = storage.save_game(self.control.record())
        except OSError as error:
            self.say(f"The game could not be saved: {error.strerror or error}", "error")
            return
        self.say(f"Saved to {path}", "success")
        self.notify(f"Saved to {path}")

    def autosave(self) -> Path | None:
        """Keep an unfinished game in the autosave slot (the menu offers it next time)."""
        if not self.control.started_playing or self.control.result is not None:
            return None
        try:
            return storage.write_autosave(self.control.record())
        except OSError as error:
            self.notify(
                f"The game could not be kept for later: {error.strerror or error}",
                severity="error",
                markup=False,
            )
            return None

    def export(self) -> None:
        """Ask where, write the record there, say where; then the game-over dialog again."""
        record = self.control.record()
        default = export_folder() / storage.record_file_name(record)
        with suppress(OSError):  # the proposed folder exists (the player may type another)
            default.parent.mkdir(parents=True, exist_ok=True)

        def write(path: Path | None) -> None:
            if path is not None:
                try:
                    written = storage.export_record(record, path)
                except OSError as error:
                    self.notify(
                        f"Could not export to {path}: {error.strerror or error}",
                        severity="error",
                        markup=False,
                    )
                else:
                    self.say(f"Exported to {written}", "success")
                    self.notify(f"Exported to {written}", markup=False)
            self.show_game_over()

        self.app.push_screen(ExportDialog(default), write)
