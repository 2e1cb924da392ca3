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

from app.match_session.session import MatchSession
from app.match_session.setup import GameSetup
from app.store import storage
from app.store.exports import export_record, export_to_folder, exports_dir
from app.tui.dialogs import ConfirmDialog, GameOverDialog, RoundOverDialog
from app.tui.record_dialogs import ExportDialog
from app.tui.scoreboard import move_list
from rules.records import GameRecord
from rules.words.common import moves_played, moves_text
from rules.words.outcome import reason_text

Session = MatchSession[Any, Any, Any]


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
    session: Session,
    setup: GameSetup,
    analysis: Callable[[], bool],
    again: bool = True,
    home: str = "Menu",
) -> GameOverDialog | None:
    """The dialog once the match is decided (None: it is not); its choices are a
    rematch and a new game (when `again`), the menu, the analysis, saving and exporting."""
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
        moves=moves_said(session, setup),
        analysis=analysis,
        again=again,
        home=home,
    )


def moves_said(session: Session, setup: GameSetup) -> str:
    """How long the game was, in each player's own moves (a match: all its moves)."""
    if session.best_of > 1:
        return f"after {moves_text(session.move_count)} in all"
    movers = [player for player, _ in move_list(session, setup)]
    return f"after {moves_played((movers.count(1), movers.count(2)), setup.names)}"


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
    """Keep an unfinished game in its own file (the menu offers it next time); a problem
    keeping it is said (once: it is printed on the terminal at the end too)."""
    kept = session.keep()
    if isinstance(kept, str):
        app.notify(kept, severity="warning", timeout=10, markup=False)
        return None
    return kept


Say = Callable[[str, str], None]


def export(
    app: App[Any],
    session: Session,
    say: Say,
    then: Callable[[], None],
    default: Path | None = None,
) -> None:
    """Ask where, write the record there, say where; then `then` (the game-over dialog
    again). In a browser (`serve`) no path is asked: the record goes into the data
    folder's `exports/` under a new name. In the terminal a file that is there already is
    replaced only if the player says so."""
    record = session.record()
    web = app.is_web
    if default is None:
        default = exports_dir() / storage.record_file_name(record)
    if not web:
        with suppress(OSError):  # the proposed folder exists (the player may type another)
            default.parent.mkdir(parents=True, exist_ok=True)

    def write(path: Path | None) -> None:
        if path is None:
            then()
        elif web:
            _written(app, say, then, lambda: export_to_folder(record), exports_dir())
        else:
            _export_to(app, session, say, then, record, path)

    app.push_screen(ExportDialog(default, web=web), write)


def _export_to(
    app: App[Any],
    session: Session,
    say: Say,
    then: Callable[[], None],
    record: GameRecord,
    path: Path,
) -> None:
    """The terminal's export to `path`: a file there already is replaced only when the
    player says so (else the export dialog again, to name another)."""
    try:
        written = export_record(record, path)
    except FileExistsError:

        def answer(replace: bool | None) -> None:
            if replace:

                def write() -> Path:
                    return export_record(record, path, replace=True)

                _written(app, say, then, write, path)
            else:
                export(app, session, say, then, path)

        app.push_screen(
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
        app.notify(
            f"Could not export to {path}: {error.strerror or error}", severity="error", markup=False
        )
        then()
        return
    _said_written(app, say, then, written)


def _written(
    app: App[Any], say: Say, then: Callable[[], None], write: Callable[[], Path], where: Path
) -> None:
    try:
        written = write()
    except OSError as error:
        app.notify(
            f"Could not export to {where}: {error.strerror or error}",
            severity="error",
            markup=False,
        )
        then()
        return
    _said_written(app, say, then, written)


def _said_written(app: App[Any], say: Say, then: Callable[[], None], written: Path) -> None:
    # The status line names the file (the whole path was cut at 80 columns: "Exported to
    # …/exports/collect-20261127-"); the note, which wraps, says where it is.
    say(f"Exported to {written.name}", "success")
    app.notify(f"Exported to {written}", markup=False)
    then()
