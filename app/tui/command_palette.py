"""Textual's command palette (ctrl+p), safe where Textual 8.2.8's fails: PageUp or
PageDown before its list is laid out (`KeyError: 0`), and the app closing as it mounts
(`NoMatches`; docs/known-issues.md). Before the list has lines, PageUp goes to the first
command and PageDown to the last, where a page would take them.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette

from app.tui.mounting import gone


class GamePalette(CommandPalette):
    """The command palette the app opens."""

    # (a subclass's binding of a key replaces its base's)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def _on_mount(self, event: events.Mount) -> None:
        """Not set up (by the base classes' handlers) when taken down before it mounted."""
        if gone(self):
            event.prevent_default()  # (the base classes' handlers are not called)

    def dismiss(self, result: None = None) -> AwaitComplete:
        """Once it left the screens, nothing to close (Textual would pop another one)."""
        if gone(self):
            return AwaitComplete()  # (nothing to wait for: done at once)
        return super().dismiss(result)

    async def action_page(self, direction: int) -> None:
        for commands in self.query(CommandList).results(CommandList):
            if (commands.highlighted or 0) not in commands._index_to_line:  # no lines yet
                await commands.run_action("first" if direction < 0 else "last")
            else:
                await commands.run_action("page_up" if direction < 0 else "page_down")
