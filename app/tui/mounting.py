"""Mounting that does not depend on timing: a screen pushed and popped (or replaced) in
one tick, or pushed while the app closes, still gets its Mount event after its widgets
started to go; `gone(screen)` tells its `on_mount` to set nothing up."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual import events
from textual.screen import Screen

P = ParamSpec("P")
S = TypeVar("S", bound=Screen[Any])


def gone(screen: Screen[Any]) -> bool:
    """True when `screen` has left the app's screens, the app is closing, or the screen was
    never attached (a key queued after `q` pushes one the closing app still mounts)."""
    try:
        app = screen.app
        stack = app.screen_stack
    except Exception:  # no app running any more
        return True
    return not app.is_running or not screen.is_attached or screen not in stack


def on_top(screen: Screen[Any]) -> bool:
    """True when `screen` is on top with its widgets there: a key queued behind the one that
    closed or covered it (a held key, a paste) still reaches it."""
    return screen.is_active and not gone(screen)


def while_shown(handler: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """A message handler that does nothing once the screen has `gone` (a message posted as
    it mounts can be handled while the app closes)."""

    @functools.wraps(handler)
    def handle(screen: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if not gone(screen):
            handler(screen, *args, **kwargs)

    return handle


class StyledAsMounted(Screen[Any]):
    """A screen not restyled the first time it comes on top (Textual restyles every widget
    each time, for a theme changed meanwhile; the first time, they were just styled), nor
    laid out twice: Textual lays it out as it comes on top, then again (with the screens
    under it) at the Resize it sends it at that same size (a fifth of a setup's cost);
    a real resize still lays it out."""

    _resumed = _resized = False

    async def _on_resize(self, event: events.Resize) -> None:  # (Screen's: not awaited)
        if not self._resized and event.size == self.size:
            event.prevent_default()
        self._resized = True

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        super()._on_screen_resume(event)
