"""Quitting keeps the game in progress: the question before quitting, and the autosave.

However the app ends (quitting, a closed browser tab under `serve`, a crash, a signal),
every game in progress is kept in its own file for the next start (it is kept after
every move too, so even `kill -9` keeps it). SIGHUP, SIGTERM and SIGINT end the app as
quitting does, with the exit code 128 + the signal's number.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.tui.app import EquationDuelApp
    from app.tui.game_screen import GameScreen


def _game_screens(app: EquationDuelApp) -> list[GameScreen[Any, Any, Any]]:
    """The app's game screens (none while their module is not loaded: quitting from the
    menu imports neither it nor the rules to find that out)."""
    module = sys.modules.get("app.tui.game_screen")
    if module is None:
        return []
    return [s for s in app.screen_stack if isinstance(s, module.GameScreen)]


def game_in_progress(app: EquationDuelApp) -> bool:
    return any(screen.in_progress for screen in _game_screens(app))


def request_quit(app: EquationDuelApp) -> None:
    if not app.game_in_progress():
        app.exit()
        return
    from app.tui.dialogs import ConfirmDialog  # (not at launch)

    if isinstance(app.screen, ConfirmDialog):
        app.exit()
        return

    def answer(yes: bool | None) -> None:
        if yes:
            app.autosave()
            app.exit()

    app.push_screen(
        ConfirmDialog(
            "Quit Equation Duel?", "The game in progress is kept for the next start.", "Quit"
        ),
        answer,
    )


def autosave_games(app: EquationDuelApp) -> None:
    for screen in _game_screens(app):
        if screen.in_progress:
            screen.autosave()
    kept_games = sys.modules.get("app.store.kept_games")  # (not loaded: nothing was kept)
    if kept_games is not None:
        kept_games.flush_kept()


#: The signals that end the app cleanly (the game is kept), where the system has them.
ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT") if hasattr(signal, name)
)


def catch_signals(app: EquationDuelApp) -> None:
    """Not in tests' headless apps (the test runner's signals stay its own)."""
    if app.is_headless:
        return
    loop = asyncio.get_running_loop()
    for number in ENDING_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(number, ended_by_signal, app, number)


def let_signals_go() -> None:
    with contextlib.suppress(RuntimeError):
        loop = asyncio.get_running_loop()
        for number in ENDING_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(number)


def ended_by_signal(app: EquationDuelApp, number: int) -> None:
    with contextlib.suppress(Exception):  # ending matters more than one more save
        app.autosave()
    app.exit(return_code=128 + number)


def say_at_exit() -> None:
    """Print what the player must still read (a game not kept) once the app has left the
    screen."""
    kept_games = sys.modules.get("app.store.kept_games")  # (not loaded: nothing was kept)
    if kept_games is None:
        return
    for notice in kept_games.exit_notices():
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone (SIGHUP)
            print(f"equation-duel: {notice}", file=sys.stderr, flush=True)
