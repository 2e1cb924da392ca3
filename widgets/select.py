"""Textual's `Select`, steady when it is taken down while it mounts.

Textual's `Select._on_mount` looks up its overlay and label; when its screen or app goes
after compose but before `Mount` is handled, those parts are gone and the lookup raises
`NoMatches`, ending the app (docs/known-issues.md). This one skips that setup when it is
being taken down; a part missing at any other time still raises.
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
