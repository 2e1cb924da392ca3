"""Quitting keeps the game in progress: the question before quitting, and the autosave.

ctrl+q (or ctrl+c) quits at once when no game is in progress and asks first when one is
(`request_quit`). However the app ends — quitting, a closed browser tab or an idle one
under `serve`, a crash — every game in progress is kept in its autosave slot for the
next start (`autosave_games`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.tui.app import EquationDuelApp


def game_in_progress(app: EquationDuelApp) -> bool:
    """Is a game in progress on any screen of the app?"""
    from app.tui.game_screen import GameScreen

    return any(isinstance(s, GameScreen) and s.in_progress for s in app.screen_stack)


def request_quit(app: EquationDuelApp) -> None:
    """Quit; while a game is in progress, ask first (it is kept for the next start)."""
    from app.tui.dialogs import ConfirmDialog

    if not app.game_in_progress() or isinstance(app.screen, ConfirmDialog):
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
    """Keep every game in progress in the autosave slot."""
    from app.tui.game_screen import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen) and screen.in_progress:
            screen.autosave()
