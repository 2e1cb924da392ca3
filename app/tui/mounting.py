"""Mounting that does not depend on timing: a screen pushed and popped (or replaced) in
one tick, or pushed while the app closes, still gets its Mount event after its widgets
started to go; `gone(screen)` tells its `on_mount` to set nothing up."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from textual import events
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from app.tui.drawn_once import drawn_once

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


def least_lines(widget: Widget, width: int | None = None) -> int:
    """The fewest lines `widget` takes, margins included, at most `width` cells wide (the
    screen's): its shown children's (one under another, or the most of those side by
    side, each as wide as the others' fixed widths leave it), its content's as Textual
    measures it at that width (text, a pool's rows of keys, big digits), or one; within
    its least and most height."""
    if not widget.display:
        return 0
    lines, most = wanted_lines(widget, width), widget.styles.max_height
    if most is not None and most.cells is not None:
        lines = min(lines, most.cells)
    return lines + widget.styles.margin.height


def wanted_lines(widget: Widget, width: int | None = None) -> int:
    """The lines `widget` takes without its most height (`least_lines`), margins left out:
    more than its most, it scrolls."""
    styles = widget.styles
    width = (widget.app.size.width if width is None else width) - styles.gutter.width
    kind = getattr(styles.layout, "name", "vertical")
    if widget.children and kind == "vertical":
        inner = sum(least_lines(child, width) for child in widget.children)
    elif widget.children and kind == "horizontal":
        fixed = {c: least_width(c, width) for c in widget.children}
        used = sum(fixed.values())
        inner = max(least_lines(c, width - used + fixed[c]) for c in widget.children)
    elif not widget.children and (styles.height is None or styles.height.is_auto):
        size = widget.app.size
        inner = max(1, widget.get_content_height(size, size, max(width, 1)))
        if widget.virtual_size.width > width and styles.overflow_x != "hidden":
            inner += styles.scrollbar_size_horizontal  # (a table wider than its room)
    else:
        inner = styles.height.cells if styles.height and styles.height.cells else 1
    lines = inner + styles.gutter.height
    if styles.min_height is not None and styles.min_height.cells is not None:
        lines = max(lines, styles.min_height.cells)
    return lines


def least_width(widget: Widget, width: int) -> int:
    """The cells `widget` surely takes across, margins included: its fixed width, or its
    content's if it is as wide as that (a set of choices); none for a share (`1fr`)."""
    styles = widget.styles
    if not widget.display:
        return 0
    if styles.width is not None and styles.width.cells is not None:
        return styles.width.cells + styles.margin.width
    if styles.width is not None and styles.width.is_auto and not widget.children:
        size = Size(width, widget.app.size.height)
        return widget.get_content_width(size, size) + styles.gutter.width + styles.margin.width
    return 0


class DrawnOnceList(OptionList):
    """An OptionList not drawn again as it first gets its size: its lines were made at
    that width for its first frame, and Textual's list makes them again then (a second,
    partial frame). Resized later (the terminal widened or narrowed), its lines are made
    again at the new width, the row at the top kept there and the highlighted one shown
    (Textual's list kept the scroll's line, another row then, and could leave the
    highlighted one out of sight). As a second base after a Textual list class, the CSS
    stays that one's."""

    _lines_width: int | None = None
    _sized = False

    def _update_lines(self) -> None:
        fresh = not self._line_cache.lines
        super()._update_lines()
        if fresh and self._line_cache.lines:
            self._lines_width = self.scrollable_content_region.width

    def _on_resize(self, event: events.Resize) -> None:  # type: ignore[override]
        event.prevent_default()  # (Textual's: its lines made again, and a repaint)
        first, self._sized = not self._sized, True
        lines = self._line_cache.lines
        if self._lines_width != self.scrollable_content_region.width:
            top = lines[int(self.scroll_y)][0] if int(self.scroll_y) < len(lines) else -1
            self._clear_caches()
            if (y := self._index_to_line.get(top)) is not None:  # (no lines at no width)
                self.scroll_to(y=y, animate=False, immediate=True)
        if not first:
            self.scroll_to_highlight()


def show_scroll_bar(widget: Widget) -> None:
    """Show the vertical scroll bar of `widget`, which surely scrolls, before the first
    layout: Textual shows it once a layout finds the widget scrolls, then lays the screen
    out and draws it again, every line of it one column narrower."""
    widget.show_vertical_scrollbar = True
    widget.vertical_scrollbar.display = True


def room_for(widget: Widget) -> int:
    """The most lines `widget` can have: its most height, and the screen's less the least
    of what is above and below it (in its layer) in each container it is in, one under
    another, and their borders and padding, up to a container that scrolls (the room in
    that has no end)."""
    room, layer = widget.app.size.height, widget.styles.layer
    inner, outer = widget, widget.parent
    while isinstance(outer, Widget):
        screen = isinstance(outer, Screen)
        if not screen and outer.styles.overflow_y != "hidden":  # (a container that scrolls)
            room = sys.maxsize
            break
        if getattr(outer.styles.layout, "name", "vertical") == "vertical":
            beside = [w for w in outer.children if w is not inner and w.styles.layer == layer]
            room -= sum(least_lines(w) for w in beside)
        if not screen:
            room -= outer.styles.gutter.height
        inner, outer = outer, outer.parent
    if (most := widget.styles.max_height) is not None and most.cells is not None:
        room = min(room, most.cells)
    return room


def scrolls_from_the_start(scroll: Widget) -> bool:
    """`show_scroll_bar(scroll)` if it surely scrolls, and say whether it does: it takes
    more lines than its most height or the screen leaves it beside the least of each
    widget around it."""
    if wanted_lines(scroll) > room_for(scroll):
        show_scroll_bar(scroll)
        return True
    return False


@drawn_once
class StyledAsMounted(Screen[Any]):
    """A screen laid out and drawn once as it comes on top (`app.tui.drawn_once`'s rules,
    as a base class): not restyled the first time (its widgets were just styled), not laid
    out again at the same-size Resize Textual sends it, nor for what its first layout set
    (each widget's `virtual_size`), nor for what was asked before its first frame; a
    scroll bar that came with that layout is laid out at once."""

    _resumed = _resized = False
