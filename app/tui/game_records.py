"""What the game screen keeps of a match: its end counted, its record saved or exported.

`GameRecords` is a part the game screen owns (`screen.records`). When the match is
decided it counts the game in the statistics once (and clears its autosave) and shows
the result in the game-over dialog, whose choices are a rematch, a new game, the menu,
the analysis, saving and exporting the record. It saves the game with ctrl+s, and
writes the autosave slot when a game is left unfinished. The screen keeps the hooks a
puzzle changes (`finish_match`, `show_game_over`, `autosave`), each a call into this
part.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any, Generic, Protocol

from textual.app import App
from textual.notifications import SeverityLevel

from app import ratings, stats, storage
from app.tui.dialogs import GameOverDialog
from app.tui.match_control import MatchControl
from app.tui.record_dialogs import ExportDialog
from app.tui.session import GameSetup
from rules.base import MoveT, OptionsT, Outcome, StateT
from rules.records import RecordError
from rules.words.outcome import reason_text
from widgets.status_line import Level


def export_folder() -> Path:
    """Where the export dialog proposes to write: `exports` in the data folder (the
    player may type any other path)."""
    from app.data_folder import data_dir

    return data_dir() / "exports"


class RecordsSeat(Protocol[OptionsT, StateT, MoveT]):
    """What `GameRecords` needs of the screen (the setup and match change on a rematch)."""

    setup: GameSetup
    control: MatchControl[OptionsT, StateT, MoveT]

    @property
    def app(self) -> App[Any]: ...  # as Textual types a screen's app

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def is_current(self) -> bool: ...

    def say(self, message: str, level: Level = "info") -> None: ...

    def show_game_over(self) -> None: ...

    def to_menu(self) -> None: ...

    def action_rematch(self) -> None: ...

    def action_new_game(self) -> None: ...

    def action_save(self) -> None: ...


class GameRecords(Generic[OptionsT, StateT, MoveT]):
    """The end of `screen`'s match, and its game record."""

    def __init__(self, screen: RecordsSeat[OptionsT, StateT, MoveT]) -> None:
        self._screen = screen
        #: The record id of the match last counted in the statistics.
        self._counted: str | None = None

    def _notify(self, message: str, severity: SeverityLevel) -> None:
        self._screen.app.notify(message, severity=severity, markup=False)

    # The end

    def finish_match(self) -> None:
        """Count the finished match in the statistics (once), and clear its autosave."""
        record = self._screen.control.record()
        if self._counted == record.id:
            return
        self._counted = record.id
        try:
            ratings.record_game(record)
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
