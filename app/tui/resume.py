"""Games left unfinished, and game records opened: resumed, kept or replayed.

At start the app offers each game left unfinished in an autosave slot (by its own last
run, or by another window that has ended), one after another: resume it, keep it for
later, or discard it (`offer_resume`). A record opened (from Saved games, the command
line's `--load`, or that offer) is resumed on its game screen when it is unfinished and
replayed in the analysis screen when it is finished (`open_record`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the records and pydantic are imported only when a record is opened
    from pathlib import Path

    from app.tui.app import EquationDuelApp
    from rules.records import GameRecord


def offer_resume(app: EquationDuelApp) -> None:
    """Every game left unfinished (by this app's last run or by others that have ended),
    one after another: resume it, keep it, or discard it."""
    from app.data_folder import unfinished_autosaves

    paths = unfinished_autosaves()
    if paths:  # the usual case, none, is decided without loading the records or pydantic
        _offer_unfinished(app, paths)


def _offer_unfinished(app: EquationDuelApp, paths: list[Path]) -> None:
    from app import storage
    from app.data_folder import adopt_autosave
    from app.tui.record_dialogs import ResumeDialog
    from rules.records import RecordError

    rest = list(paths)
    while rest:
        path = rest.pop(0)
        try:
            record = storage.load_autosave(path)
        except RecordError as error:
            app.notify(
                f"The game left unfinished last time cannot be resumed: {error}",
                severity="error",
                timeout=10,
                markup=False,
            )
            continue
        if record is not None:
            break
    else:
        return

    def chosen(choice: str | None) -> None:
        if choice == "resume":
            if adopt_autosave(path):
                app.open_record(record)
                return  # the others stay for the next start (or Saved games)
            app.notify("That game has just been resumed in another window.")
        elif choice == "discard":
            storage.clear_autosave(path)
            app.notify("The unfinished game was discarded.")
        _offer_unfinished(app, rest)

    app.push_screen(ResumeDialog(record), chosen)


def open_record(app: EquationDuelApp, record: GameRecord) -> None:
    """Resume an unfinished game; replay a finished one."""
    from pydantic import ValidationError

    from app.tui.boards import board_screen
    from app.tui.session import GameSetup
    from rules.match import MatchError
    from rules.record_check import validate
    from rules.records import RecordError

    if record.finished:
        app.replay(record)
        return
    try:
        setup = GameSetup.from_record(validate(record))
        screen = board_screen(record.game)(setup, record=record)
    except (RecordError, ValidationError, MatchError, KeyError) as error:
        app.notify(f"This game cannot be resumed: {error}", severity="error", markup=False)
        return
    app.push_screen(screen)
