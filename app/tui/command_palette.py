"""Textual's command palette (ctrl+p), safe where Textual 8.2.8's fails: PageUp or
PageDown before its list is laid out (`KeyError: 0`), and the app closing as it mounts
(`NoMatches`; docs/known-issues.md). Before the list has lines, PageUp goes to the first
command and PageDown to the last, where a page would take them.

Its list of every command is filled as it mounts, before its first layout, when the
providers' lists are known at once (the app's and the themes' are): Textual fills it in a
worker after the first frame, laying out and drawing the palette twice more. What the
player types is searched as Textual does.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.command import Command, CommandList, CommandPalette, DiscoveryHit, Provider
from textual.content import Content
from textual.style import Style
from textual.worker import Worker

from app.tui.drawn_once import drawn_once
from app.tui.mounting import DrawnOnceList, gone, show_scroll_bar


class Commands(CommandList, DrawnOnceList):
    """Textual's list of commands, not drawn again as it gets its size."""


@drawn_once
class GamePalette(CommandPalette):
    """The command palette the app opens."""

    # (a subclass's binding of a key replaces its base's)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield Commands() if type(widget) is CommandList else widget

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

    def _gather_commands(self, search_value: str) -> Worker[None] | None:  # type: ignore[override]
        """Every command (`search_value` empty) at once where the providers have them at
        once; otherwise, and for a search, Textual's worker."""
        hits = None if search_value else _discovered_at_once(self._providers)
        if hits is None:
            return super()._gather_commands(search_value)
        help_style = Style.from_styles(self.get_component_styles("command-palette--help-text"))
        commands = [Command(_prompt(hit, help_style), hit, id=str(n)) for n, hit in enumerate(hits)]
        listed = self.query_one(CommandList)
        self._refresh_command_list(listed, commands, True)
        lines = sum(str(command.prompt).count("\n") + 1 for command in commands)
        most = listed.styles.max_height
        if most is not None and lines > most.resolve(self.app.size, self.app.size) - 2:
            show_scroll_bar(listed)  # (more lines than its borders leave room for)
        self._show_busy = False
        if not commands:
            self._start_no_matches_countdown(search_value)
        self.add_class("-ready")
        return None


def _prompt(hit: DiscoveryHit, help_style: Style) -> Content:
    """A command's lines in the list, as Textual's worker makes them."""
    shown = hit.prompt
    lines = [
        Content.from_rich_text(shown)
        if isinstance(shown, Text)
        else Content.from_markup(str(shown))
    ]
    if hit.help:
        lines.append(Content.from_markup(hit.help).stylize_before(help_style))
    return Content("\n").join(lines)


def _discovered_at_once(providers: list[Provider]) -> list[DiscoveryHit] | None:
    """The providers' commands, where each gives them without waiting (its `startup`
    Textual's own, its `discover` never awaiting); otherwise None."""
    found: list[DiscoveryHit] = []
    for provider in providers:
        if type(provider).startup is not Provider.startup:
            return None
        hits = _at_once(provider.discover())
        if hits is None:
            return None
        found += [hit for hit in hits if isinstance(hit, DiscoveryHit)]
    return found


def _at_once(hits: AsyncIterator[Any]) -> list[Any] | None:
    """Every item of `hits` when none of them waits for anything; otherwise None."""
    items: list[Any] = []
    while True:
        step = hits.__anext__()
        try:
            step.send(None)  # type: ignore[attr-defined]
        except StopIteration as given:
            items.append(given.value)
            continue
        except StopAsyncIteration:
            return items
        step.close()  # type: ignore[attr-defined]  # (it waits: Textual's worker searches)
        return None
