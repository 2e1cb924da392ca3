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

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, Generic, Protocol

from textual.app import App
from textual.notifications import SeverityLevel

from app import stats, storage
from app.exports import export_record, export_to_folder, exports_dir
from app.kept_games import Kept, keep_unfinished
from app.tui.dialogs import ConfirmDialog, GameOverDialog
from app.tui.match_control import MatchControl
from app.tui.record_dialogs import ExportDialog
from app.tui.session import GameSetup
from rules.base import MoveT, OptionsT, Outcome, StateT
from rules.records import GameRecord
from rules.words.outcome import reason_text
from widgets.status_line import Level


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
            stats.record_game(record)
        except (stats.StatsError, OSError, ValueError) as error:
            self._notify(f"The statistics were not updated: {error}", "warning")
        self._tell(keep_unfinished(record))  # finished: its kept file goes

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
        """Keep an unfinished game in its own file (after every move, and on leaving), so
        the menu offers it next time however the app ends."""
        control = self._screen.control
        if not control.started_playing or control.result is not None:
            return None
        kept = keep_unfinished(control.record())
        self._tell(kept)
        return kept.path

    def _tell(self, kept: Kept) -> None:
        """A problem keeping the game, once (it is printed on the terminal at the end too)."""
        if kept.notice is not None:
            self._screen.app.notify(kept.notice, severity="warning", timeout=10, markup=False)

    def export(self, default: Path | None = None) -> None:
        """Ask where, write the record there, say where; then the game-over dialog again.
        In a browser (`serve`) no path is asked: the record goes into the data folder's
        `exports/` under a new name. In the terminal a file that is there already is
        replaced only if the player says so."""
        screen = self._screen
        record = screen.control.record()
        web = screen.app.is_web
        if default is None:
            default = exports_dir() / storage.record_file_name(record)
        if not web:
            with suppress(OSError):  # the proposed folder exists (the player may type another)
                default.parent.mkdir(parents=True, exist_ok=True)

        def write(path: Path | None) -> None:
            if path is None:
                screen.show_game_over()
            elif web:
                self._written(lambda: export_to_folder(record), exports_dir())
            else:
                self._export_to(record, path)

        screen.app.push_screen(ExportDialog(default, web=web), write)

    def _export_to(self, record: GameRecord, path: Path) -> None:
        """The terminal's export to `path`: a file there already is replaced only when the
        player says so (else the export dialog again, to name another)."""
        screen = self._screen
        try:
            written = export_record(record, path)
        except FileExistsError:

            def answer(replace: bool | None) -> None:
                if replace:
                    self._written(lambda: export_record(record, path, replace=True), path)
                else:
                    self.export(path)

            screen.app.push_screen(
                ConfirmDialog(
                    f"Replace {path.name}?",
                    f"{path} is there already. Replace it with this game's record?",
                    "Replace",
                    "Back",
                ),
                answer,
            )
            return
        except OSError as error:
            self._notify(f"Could not export to {path}: {error.strerror or error}", "error")
            screen.show_game_over()
            return
        self._said_written(written)

    def _written(self, write: Callable[[], Path], where: Path) -> None:
        try:
            written = write()
        except OSError as error:
            self._notify(f"Could not export to {where}: {error.strerror or error}", "error")
            self._screen.show_game_over()
            return
        self._said_written(written)

    def _said_written(self, written: Path) -> None:
        screen = self._screen
        screen.say(f"Exported to {written}", "success")
        screen.app.notify(f"Exported to {written}", markup=False)
        screen.show_game_over()
