"""Mounting that does not depend on timing (issue 10, item 11).

A screen can be pushed and popped, or replaced, in the same tick: Textual still sends
it the Mount event, after its widgets have started to go. `gone(screen)` tells its
`on_mount` so, and it then sets nothing up (there is nothing left to set up)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def gone(screen: Screen[Any]) -> bool:
    """True when `screen` left the app's screens before its `on_mount` ran."""
    try:
        stack = screen.app.screen_stack
    except Exception:  # no app running any more
        return True
    return screen not in stack
