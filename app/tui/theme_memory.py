"""The theme, remembered across launches (settings.json in the data folder)."""

from __future__ import annotations

from typing import Any

from textual.app import App

from app import settings


def remember_theme(app: App[Any]) -> None:
    """Use the theme chosen last time, if it still exists; from then on, write each
    change of theme to the settings (a warning when it cannot be written). A settings
    file that cannot be used (a pipe, a folder, a huge or corrupt file) gives the
    defaults, and the player is told so."""
    found, problem = settings.read()
    if problem is not None:
        app.notify(
            f"Your settings cannot be read, so the defaults are used: {problem}",
            severity="warning",
            markup=False,
        )
    saved = found.get("theme")
    saved = saved if isinstance(saved, str) else None
    if saved is not None and saved in app.available_themes:
        app.theme = saved

    def changed(theme: Any) -> None:
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
