"""Mounting that does not depend on timing (issue 10, item 11).

A screen can be pushed and popped, or replaced, in the same tick: Textual still sends
it the Mount event, after its widgets have started to go. `gone(screen)` tells its
`on_mount` so, and it then sets nothing up (there is nothing left to set up). So does
a screen pushed while the app is closing: it has no widgets.

`StyledAsMounted`: a screen whose widgets are not styled a second time when it first
comes on top."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual import events
from textual.screen import Screen

P = ParamSpec("P")
S = TypeVar("S", bound=Screen[Any])


def gone(screen: Screen[Any]) -> bool:
    """True when `screen` has left the app's screens (popped or replaced: its widgets go
    next), the app is closing, or the screen was never attached to the app: a key queued
    after `q` (quit) pushes a screen that the closing app no longer composes, yet mounts
    (issue 29). Its `on_mount` then sets nothing up, and what it is asked later (a
    message, a timer) has nothing to draw on."""
    try:
        app = screen.app
        stack = app.screen_stack
    except Exception:  # no app running any more
        return True
    # (The app stops running as it starts taking its screens down, widget by widget.)
    return not app.is_running or not screen.is_attached or screen not in stack


def on_top(screen: Screen[Any]) -> bool:
    """True when `screen` may act on a key or an answer: it is the screen on top and its
    widgets are there. Keys come faster than a person types them (a held key, a paste):
    one queued behind the key that closed a screen, or covered it, still reaches it."""
    return screen.is_active and not gone(screen)


def while_shown(handler: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """A screen's handler of its widgets' messages that does nothing once the screen has
    gone (`gone`): a message posted as the screen mounts can be handled while the app
    closes, its widgets already removed (issue 29)."""

    @functools.wraps(handler)
    def handle(screen: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if not gone(screen):
            handler(screen, *args, **kwargs)

    return handle


class StyledAsMounted(Screen[Any]):
    """Textual styles every widget of a screen again each time it comes on top (a theme
    may have changed while it was under another). The first time, its widgets have just
    been styled as they mounted: styling them all again doubled the cost of opening a
    large screen (the setup's ~90 widgets). Later times are as Textual does them."""

    _resumed = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        super()._on_screen_resume(event)
