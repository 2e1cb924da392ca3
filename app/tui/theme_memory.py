"""The theme, remembered across launches (settings.json in the data folder)."""

from __future__ import annotations

from typing import Any

from textual.app import App

from app import settings


def remember_theme(app: App[Any]) -> None:
    """Use the theme chosen last time, if it still exists; from then on, write each
    change of theme to the settings (a warning when it cannot be written)."""
    saved = settings.theme()
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
            )

    app.theme_changed_signal.subscribe(app, changed)
