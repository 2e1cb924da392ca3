"""The key under the mouse, for widgets that draw their keys themselves (the pool, the
operator picker, a template's slots): `_key_at` says which key a point of the content is
on, `_sync` draws the change, and the key under the mouse is `_hover`."""

from __future__ import annotations

from textual import events
from textual.geometry import Offset
from textual.widget import Widget


class HoveredKeys(Widget):
    #: The key under the mouse (its index, or its slot), or None.
    _hover: int | None = None

    def _key_at(self, offset: Offset | None) -> int | None:
        """The key at `offset` in the content (None: between keys, or beyond them)."""
        raise NotImplementedError

    def _sync(self) -> None:
        """Show what changed."""
        raise NotImplementedError

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hovering(self._key_at(event.get_content_offset(self)))

    def on_leave(self, event: events.Leave) -> None:
        self._hovering(None)

    def _hovering(self, key: int | None) -> None:
        if key != self._hover:
            self._hover = key
            self._sync()
