"""The theme, remembered across launches (settings.json), and what a change of it redraws;
with animations off, steady cursors."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Input

from app.store import settings
from app.tui.themes import register_themes
from widgets.move_list import MoveList


def redraw_for_theme(app: App[Any]) -> None:
    """Redraw the move lists, whose marks keep the theme's colours in their text."""
    for screen in app.screen_stack:
        for moves in screen.query(MoveList):
            moves.moves = moves.moves  # (always_update: the list is drawn again)


def steady_cursors(app: App[Any]) -> None:
    """With animations off (TEXTUAL_ANIMATIONS=none), no text cursor blinks."""
    if app.animation_level != "none":
        return

    def steady(screen: Any) -> None:
        def still() -> None:
            for field in screen.query(Input):
                field.cursor_blink = False

        app.call_after_refresh(still)

    app.screen_change_signal.subscribe(app, steady)
    steady(app.screen)


def remember_theme(app: App[Any]) -> None:
    """Use the theme chosen last time, if it still exists, and remember each change (a
    settings file that cannot be used gives the defaults, said)."""
    steady_cursors(app)
    found, problem = settings.read()
    if problem is not None:
        app.notify(
            f"Your settings cannot be read, so the defaults are used: {problem}",
            severity="warning",
            markup=False,
        )
    saved = found.get("theme")
    saved = saved if isinstance(saved, str) else None
    if saved is not None:
        register_themes(app, (saved,))  # (the others once the first screen is drawn)
    if saved is not None and saved in app.available_themes:
        app.theme = saved
    app.call_after_refresh(register_themes, app)

    def changed(theme: Any) -> None:
        app.call_after_refresh(redraw_for_theme, app)
        name = getattr(theme, "name", None)
        if not isinstance(name, str) or name == settings.theme():
            return
        try:
            settings.update(theme=name)
        except OSError as error:
            app.notify(
                f"The theme will not be remembered: {error.strerror or error}",
                severity="warning",
                markup=False,
            )

    app.theme_changed_signal.subscribe(app, changed)
