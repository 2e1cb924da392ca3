"""Textual's `Select`, steady when it is taken down while it mounts (issue 29).

In textual 8.2.8 a `Select` sets itself up when it mounts: `_on_mount` fills its overlay
(`query_one(SelectOverlay)`) and shows its value (`SelectCurrent` updates its `#label`).
When its screen goes, or the app closes, after the `Select` has composed but before its
`Mount` is handled, those parts are already removed and the lookup raises `NoMatches`,
which ends the app (docs/known-issues.md, "A `Select` taken down while it mounts"). The
no-wait key storm met it when an app closed right after a key that opened the setup.

This `Select` does that setup as Textual's does, unless it is being taken down (its app
no longer running, or the widget removed or being removed): there is nothing left to set
up then. It checks that state first, as the app's screens do (docs/storms.md); nothing
is caught, so a part missing at any other time is still a fault, raised as before. Every
`Select` of the app's screens is this one.
"""

from __future__ import annotations

from typing import TypeVar

from textual.widgets import Select as TextualSelect
from textual.widgets.select import NULL, NoSelection

Value = TypeVar("Value")


class Select(TextualSelect[Value]):
    """A `Select` whose setup is skipped once it is being taken down."""

    def _setup_options_renderables(self) -> None:
        if not self.taken_down:
            super()._setup_options_renderables()

    def _init_selected_option(self, hint: Value | NoSelection = NULL) -> None:
        if not self.taken_down:
            super()._init_selected_option(hint)

    @property
    def taken_down(self) -> bool:
        """Whether the widget is going: the app has stopped running, or the widget (or a
        widget above it, its screen included) is removed or being removed."""
        return (
            not self.app.is_running
            or self._pruning
            or self._closing
            or self._closed
            or not self.is_attached
        )
