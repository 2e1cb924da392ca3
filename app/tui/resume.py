"""Games left unfinished, and game records opened: resumed, kept or replayed.

At start the app offers every game left unfinished (by its own last run, or by another
window that has ended) in one list, newest first. A record opened is resumed on its game
screen when unfinished, replayed in the analysis screen when finished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the records and pydantic are imported only when a record is opened
    from pathlib import Path

    from app.tui.app import EquationDuelApp
    from rules.records import GameRecord


def start_saving(app: EquationDuelApp) -> None:
    """At start: with a data folder that cannot be written the app plays without keeping
    games, and says so once (on screen, and on the terminal when it ends)."""
    from app.store.data_folder import clean_stale_temporaries  # (not at launch)
    from app.store.unfinished import saving_problem, unfinished_dir  # (not at launch)

    clean_stale_temporaries(unfinished_dir())
    problem = saving_problem()
    if problem is None:
        return
    from app.store.kept_games import saving_off  # (not at launch)

    notice = saving_off(problem)
    if notice is not None:
        app.notify(notice, severity="warning", timeout=10, markup=False)


def offer_resume(app: EquationDuelApp) -> None:
    """Resume one, discard any, or keep them (the files that cannot be used are named)."""
    from app.store.unfinished import scan  # (not at launch)

    found = scan()
    if found.unusable:
        names = "; ".join(f"{path} ({why})" for path, why in found.unusable)
        app.notify(
            f"These files cannot be used: {names}", severity="warning", timeout=10, markup=False
        )
    if found.games:  # the usual case, none, is decided without loading the records
        _offer_unfinished(app, found.games)


def _offer_unfinished(app: EquationDuelApp, paths: list[Path]) -> None:
    from app.store import storage  # (not at launch)
    from app.store.unfinished import adopt, remove  # (not at launch)
    from app.tui.unfinished_list import UnfinishedDialog, UnfinishedGame  # (not at launch)
    from rules.records import RecordError  # (not at launch)

    games: list[UnfinishedGame] = []
    for path in paths:
        try:
            record = storage.load_autosave(path)
        except RecordError as error:
            app.notify(
                f"A game left unfinished cannot be resumed: {error}",
                severity="error",
                timeout=10,
                markup=False,
            )
            continue
        if record is not None:
            games.append(UnfinishedGame(path, record))
    if not games:
        return
    records = {game.path: game.record for game in games}

    def chosen(path: Path | None) -> None:
        if path is None:
            return
        try:
            mine = adopt(path, records[path].id)
        except OSError as error:
            app.notify(f"That game cannot be resumed: {error}", severity="error", markup=False)
            return
        if mine:
            app.open_record(records[path])
            return  # the others stay for the next start (or Saved games)
        app.notify("That game has just been resumed in another window.")
        _offer_unfinished(app, [p for p in paths if p != path])

    app.push_screen(UnfinishedDialog(games, remove), chosen)


def open_record(app: EquationDuelApp, record: GameRecord) -> None:
    from pydantic import ValidationError

    from app.match_session.setup import GameSetup  # (not at launch)
    from app.tui.boards import board_screen  # (not at launch)
    from rules.match import MatchError  # (not at launch)
    from rules.record_check import validate  # (not at launch)
    from rules.records import RecordError  # (not at launch)

    if record.finished:
        from app.tui.replay import open_replay  # (not at launch)

        open_replay(app, record)
        return
    try:
        setup = GameSetup.from_record(validate(record))
        screen = board_screen(record.game)(setup, record=record)
    except (RecordError, ValidationError, MatchError, KeyError) as error:
        app.notify(f"This game cannot be resumed: {error}", severity="error", markup=False)
        return
    app.push_screen(screen)
