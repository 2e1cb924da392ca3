"""What the game screen shows and writes of a match session's end and record: the
round-over and game-over dialogs, saving (ctrl+s), the autosave slot, exporting.

Functions of a session (and the app, for dialogs and notifications): none holds the
screen. The session counts the finished game in the statistics itself, once, and clears
its autosave (`app.match_session`); the screen (`app.tui.match_screen`) pushes the
dialogs these build and acts on the player's choice.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from textual.app import App

from app import data_folder, storage
from app.match_session import MatchSession
from app.match_session.setup import GameSetup
from app.tui.dialogs import GameOverDialog, RoundOverDialog
from app.tui.record_dialogs import ExportDialog
from rules.words.outcome import reason_text

Session = MatchSession[Any, Any, Any]


def export_folder() -> Path:
    """Where the export dialog proposes to write: `exports` in the data folder (the
    player may type any other path)."""
    return data_folder.data_dir() / "exports"


def round_over_dialog(session: Session, setup: GameSetup) -> RoundOverDialog | None:
    """The dialog after a round of a match (None: the round goes on)."""
    outcome = session.outcome
    if outcome is None:
        return None
    one, two = session.wins
    return RoundOverDialog(
        winner=setup.name(outcome.winner),
        player=outcome.winner,
        reason=reason_text(outcome, setup.names),
        score=f"{setup.name(1)} {one} – {two} {setup.name(2)}",
        next_starter=setup.name(session.next_starter()),
    )


def game_over_dialog(
    session: Session, setup: GameSetup, analysis: Callable[[], bool]
) -> GameOverDialog | None:
    """The dialog once the match is decided (None: it is not); its choices are a
    rematch, a new game, the menu, the analysis, saving and exporting."""
    result = session.result
    if result is None:
        return None
    outcome = session.outcome
    reason = reason_text(outcome if outcome is not None else result, setup.names)
    if session.best_of > 1:
        won, lost = session.wins[result.winner - 1], session.wins[2 - result.winner]
        reason = f"{reason}; match won {won}–{lost}"
    return GameOverDialog(
        winner=setup.name(result.winner),
        player=result.winner,
        reason=reason,
        moves=session.move_count,
        analysis=analysis,
    )


def save(app: App[Any], session: Session, say: Callable[[str, str], None]) -> None:
    """ctrl+s: save the game in the saves folder; the status line names the file."""
    try:
        path = storage.save_game(session.record())
    except OSError as error:
        say(f"The game could not be saved: {error.strerror or error}", "error")
        return
    say(f"Saved to {path}", "success")
    app.notify(f"Saved to {path}", markup=False)


def autosave(app: App[Any], session: Session) -> Path | None:
    """Keep an unfinished game in the autosave slot (the menu offers it next time)."""
    kept = session.keep()
    if isinstance(kept, str):
        app.notify(kept, severity="error", markup=False)
        return None
    return kept


def export(
    app: App[Any], session: Session, say: Callable[[str, str], None], then: Callable[[], None]
) -> None:
    """Ask where, write the record there, say where; then `then` (the game-over dialog
    again)."""
    record = session.record()
    default = export_folder() / storage.record_file_name(record)
    with suppress(OSError):  # the proposed folder exists (the player may type another)
        default.parent.mkdir(parents=True, exist_ok=True)

    def write(path: Path | None) -> None:
        if path is not None:
            try:
                written = storage.export_record(record, path)
            except OSError as error:
                why = error.strerror or error
                app.notify(f"Could not export to {path}: {why}", severity="error", markup=False)
            else:
                say(f"Exported to {written}", "success")
                app.notify(f"Exported to {written}", markup=False)
        then()

    app.push_screen(ExportDialog(default), write)
