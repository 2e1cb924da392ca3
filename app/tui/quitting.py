"""Quitting keeps the game in progress: the question before quitting, and the autosave.

ctrl+q (or ctrl+c) quits at once when no game is in progress and asks first when one is
(`request_quit`). However the app ends — quitting, a closed browser tab or an idle one
under `serve`, a crash, a signal — every game in progress is kept in its own file for the
next start (`autosave_games`; it is kept after every move too, so even `kill -9` keeps
it). SIGHUP (the terminal closed), SIGTERM and SIGINT end the app as quitting does
(`catch_signals`), with the exit code 128 + the signal's number; what the player must
still read is printed on the terminal after the app has left the screen (`say_at_exit`).
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
    """The app's game screens. A game screen is an instance of `GameScreen`, so while its
    module is not loaded there is none: quitting from the menu then imports neither the
    game screen, nor pydantic, nor the rules just to find that out."""
    module = sys.modules.get("app.tui.game_screen")
    if module is None:
        return []
    return [s for s in app.screen_stack if isinstance(s, module.GameScreen)]


def game_in_progress(app: EquationDuelApp) -> bool:
    """Is a game in progress on any screen of the app?"""
    return any(screen.in_progress for screen in _game_screens(app))


def request_quit(app: EquationDuelApp) -> None:
    """Quit; while a game is in progress, ask first (it is kept for the next start)."""
    if not app.game_in_progress():
        app.exit()
        return
    from app.tui.dialogs import ConfirmDialog

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
    """Keep every game in progress in its own file, flushed to the disk."""
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
    """SIGHUP, SIGTERM and SIGINT end the app as quitting does: the game in progress is
    kept, the terminal is given back. Not in tests' headless apps (the test runner's own
    signals stay its own)."""
    if app.is_headless:
        return
    loop = asyncio.get_running_loop()
    for number in ENDING_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(number, ended_by_signal, app, number)


def let_signals_go() -> None:
    """The app has ended: the signals are the default ones again."""
    with contextlib.suppress(RuntimeError):
        loop = asyncio.get_running_loop()
        for number in ENDING_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(number)


def ended_by_signal(app: EquationDuelApp, number: int) -> None:
    """A signal asks the app to end: keep the game, then exit (128 + the signal)."""
    with contextlib.suppress(Exception):  # ending matters more than one more save
        app.autosave()
    app.exit(return_code=128 + number)


def say_at_exit() -> None:
    """Print what the player must still read (a game that could not be kept, a data
    folder that cannot be written) on the terminal, after the app has left the screen."""
    kept_games = sys.modules.get("app.store.kept_games")  # (not loaded: nothing was kept)
    if kept_games is None:
        return
    for notice in kept_games.exit_notices():
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone (SIGHUP)
            print(f"equation-duel: {notice}", file=sys.stderr, flush=True)
