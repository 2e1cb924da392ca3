"""Textual's command palette (ctrl+p), with its page keys safe before its list is drawn.

Textual 8.2.8's palette fails (`KeyError: 0`) when PageUp or PageDown comes before its
list of commands has been laid out: ctrl+p then PageUp at once; and (`NoMatches`) when
the app closes as it mounts (docs/known-issues.md).
`GamePalette` moves a page only once the list has its lines (Textual makes them only
once the list has a width and a height); before that, PageUp goes to the first command
and PageDown to the last, which is where a page would take them.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette

from app.tui.mounting import gone


class GamePalette(CommandPalette):
    """The command palette the app opens (`EquationDuelApp.action_command_palette`)."""

    # The keys of the same names replace Textual's two bindings (a subclass's binding of
    # a key replaces its base's).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def _on_mount(self, event: events.Mount) -> None:
        """Textual's palette sets itself up next (its own `_on_mount`: the screen under
        it, a worker gathering the commands into its list), unless it is being taken
        down before it mounted (the app closing, the palette gone): its list is gone
        then (`NoMatches` in the worker, docs/known-issues.md)."""
        if gone(self):
            event.prevent_default()  # (the base classes' handlers are not called)

    def dismiss(self, result: None = None) -> AwaitComplete:
        """Textual's palette closes itself once a command is chosen (or on Escape); when it
        has left the screens already (the app closing them), there is nothing to close,
        and Textual would pop whichever screen is on top (`ScreenStackError` with one)."""
        if gone(self):
            return AwaitComplete()  # (nothing to wait for: done at once)
        return super().dismiss(result)

    async def action_page(self, direction: int) -> None:
        for commands in self.query(CommandList).results(CommandList):
            # Textual makes the list's lines only once it has a size (a width and a
            # height: a terminal two columns wide has none).
            if (commands.highlighted or 0) not in commands._index_to_line:  # no lines yet
                await commands.run_action("first" if direction < 0 else "last")
            else:
                await commands.run_action("page_up" if direction < 0 else "page_down")
