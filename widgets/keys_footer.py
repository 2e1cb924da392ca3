"""KeysFooter: the keys that apply now, on one line at the bottom of a screen.

It shows what Textual's `Footer` shows, and a click on a key presses it, but it is one
widget painting one line, repainted only when what it offers changes (`Footer` rebuilds
a widget per key on every focus change).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget


@dataclass(frozen=True)
class FooterKey:
    """One key the footer offers: the key to press, how it is shown, what it does."""

    key: str
    display: str
    description: str
    enabled: bool = True
    tooltip: str = ""

    def pieces(self, compact: bool) -> list[tuple[str, str]]:
        """The key and its description as drawn: (text, "key" or "description").
        Compact (when the line is short of room): no padding around the key."""
        key = f" {self.display}" if compact else f" {self.display} "
        if not self.description:
            return [(key, "key")]
        description = f" {self.description}" if compact else f"{self.description} "
        return [(key, "key"), (description, "description")]

    def width(self, compact: bool) -> int:
        return sum(cell_len(text) for text, _ in self.pieces(compact))


class KeysFooter(Widget, can_focus=False):
    """The keys that apply now; click one to press it."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--hover",
    }

    #: The index in `keys` of the key under the mouse (the palette's is `len(keys)`).
    hovered: reactive[int | None] = reactive(None)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.keys: tuple[FooterKey, ...] = ()
        self.palette: FooterKey | None = None
        # Read at the first paint (the screen has mounted by then: some screens' checks
        # of their actions need what their on_mount sets), then on every publication.
        self._read = False
        self._reread_pending = False
        self._spans: list[tuple[int, int, FooterKey]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def offer(self) -> tuple[tuple[FooterKey, ...], FooterKey | None]:
        """The shown bindings of the screen's active bindings (the first key of each
        action, in the screen's order), and the command palette's key."""
        app = self.app
        active = self.screen.active_bindings

        def shown(item: ActiveBinding) -> FooterKey:
            binding, description = item.binding, item.binding.description
            display = app.get_key_display(binding)
            return FooterKey(
                binding.key, display, description, item.enabled, item.tooltip or description
            )

        keys: dict[str, FooterKey] = {}
        for item in active.values():
            if item.binding.show and item.binding.action not in keys:
                keys[item.binding.action] = shown(item)
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        return tuple(keys.values()), None if palette is None else shown(palette)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # Published on every focus change, sometimes before the screen has mounted:
        # read them after the refresh, once however many publications came.
        if screen is self.screen and not self._reread_pending:
            self._reread_pending = True
            self.call_after_refresh(self.reread)

    def reread(self) -> None:
        """Read the bindings again; repaint only if what the footer offers changed."""
        self._reread_pending = False
        if not self.is_attached:
            return
        offer = self.offer()
        if not self._read or offer != (self.keys, self.palette):
            self._read = True
            self.keys, self.palette = offer
            self.hovered = None
            self.refresh()

    def render(self) -> Text:
        if not self._read:
            self._read = True
            self.keys, self.palette = self.offer()
        styles = {
            kind: self.get_component_rich_style(f"keys-footer--{kind}")
            for kind in ("key", "description")
        }
        hover_style = self.get_component_rich_style("keys-footer--hover")
        width = self.size.width
        keys = [(key, index) for index, key in enumerate(self.keys)]
        palette = self.palette
        # Room first for the game's own keys: compact when they need it, and the palette
        # (ctrl+p still opens it) only where there is room left.
        compact = sum(key.width(False) for key, _ in keys) > width
        used = sum(key.width(compact) for key, _ in keys)
        if palette is not None and used + palette.width(compact) + 1 <= width:
            keys.append((palette, len(self.keys)))
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        for key, index in keys:
            if key is palette:
                text.append(" " * max(0, width - text.cell_len - key.width(compact)))
            start = text.cell_len
            hovered = index == self.hovered and key.enabled
            for piece, kind in key.pieces(compact):
                text.append(piece, hover_style if hovered else styles[kind])
            if not key.enabled:
                text.stylize("dim", start)
            self._spans.append((start, text.cell_len, key))
        return text

    def key_at(self, x: int) -> tuple[int, FooterKey] | None:
        for index, (start, end, key) in enumerate(self._spans):
            if start <= x < end:
                return index if key is not self.palette else len(self.keys), key
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        found = self.key_at(event.x)
        self.hovered = found[0] if found is not None else None
        self.tooltip = found[1].tooltip if found is not None and found[1].tooltip else None

    def on_leave(self) -> None:
        self.hovered = None

    def watch_hovered(self) -> None:
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        found = self.key_at(event.x)
        if found is None:
            return
        event.stop()
        if found[1].enabled:
            self.app.simulate_key(found[1].key)
        else:
            self.app.bell()
