"""Mounting that does not depend on timing: a screen pushed and popped (or replaced) in
one tick, or pushed while the app closes, still gets its Mount event after its widgets
started to go; `gone(screen)` tells its `on_mount` to set nothing up."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from rich.cells import cell_len
from textual import events, messages
from textual._time import get_time
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

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
    side, each as wide as the others' fixed widths leave it), its text's, or one."""
    styles = widget.styles
    if not widget.display:
        return 0
    width = (widget.app.size.width if width is None else width) - styles.gutter.width
    kind = getattr(styles.layout, "name", "vertical")
    if widget.children and kind == "vertical":
        inner = sum(least_lines(child, width) for child in widget.children)
    elif widget.children and kind == "horizontal":
        fixed = {c: least_width(c, width) for c in widget.children}
        used = sum(fixed.values())
        inner = max(least_lines(c, width - used + fixed[c]) for c in widget.children)
    elif isinstance(widget, Static) and (styles.height is None or styles.height.is_auto):
        lines = str(widget.content).split("\n")
        inner = sum(-(-cell_len(line) // max(width, 1)) or 1 for line in lines)
    else:
        inner = styles.height.cells if styles.height and styles.height.cells else 1
    return inner + styles.gutter.height + styles.margin.height


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


def show_scroll_bar(widget: Widget) -> None:
    """Show the vertical scroll bar of `widget`, which surely scrolls, before the first
    layout: Textual shows it once a layout finds the widget scrolls, then lays the screen
    out and draws it again, every line of it one column narrower."""
    widget.show_vertical_scrollbar = True
    widget.vertical_scrollbar.display = True


def scrolls_from_the_start(scroll: Widget) -> bool:
    """`show_scroll_bar(scroll)` if it surely scrolls, and say whether it does: its least
    lines are more than the screen leaves it beside the least of each widget beside it."""
    beside = [w for w in scroll.screen.children if w is not scroll]
    layer = scroll.styles.layer
    room = scroll.app.size.height - sum(least_lines(w) for w in beside if w.styles.layer == layer)
    if least_lines(scroll) - scroll.styles.margin.top - scroll.styles.margin.bottom > room:
        show_scroll_bar(scroll)
        return True
    return False


class StyledAsMounted(Screen[Any]):
    """A screen not restyled the first time it comes on top (Textual restyles every widget
    each time, for a theme changed meanwhile; the first time, they were just styled), and
    laid out once as it comes on top, not three times:

    - not again at the Resize Textual sends it at that same size (a fifth of a setup's
      cost); a real resize still lays it out;
    - not again for what its first layout itself set: each widget's `virtual_size`, a
      reactive that asks for a layout (a scroll bar shown or hidden by it still does);
    - not again when the screen's widgets, all laid out, are announced mounted (the
      `AwaitMount` of `push_screen`), nor for a widget hidden before and after (the
      notifications' rack hides itself again as every screen comes on top).
    """

    _resumed = _resized = False
    #: When the first layout began, and its size (None: not laid out yet).
    _first_layout_at: float | None = None
    _first_size: Size | None = None
    #: When the first layout that drew the screen whole began (None: none did).
    _first_drawn_at: float | None = None

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        if self._first_layout_at is not None or scroll:
            super()._refresh_layout(size, scroll)
            return
        self._first_layout_at = get_time()
        bars = {w: w.scrollbars_enabled for w in self.walk_children(Widget) if w.is_scrollable}
        drawn = self.is_current and not self.app._batch_count  # (drawn whole by it)
        super()._refresh_layout(size, scroll)
        self._first_size = self.size
        self._first_drawn_at = self._first_layout_at if drawn else None
        self._layout_required = False  # (what the screen asked as it composed: done)
        for widget in self.walk_children(Widget):
            moved = bars.get(widget, widget.scrollbars_enabled) != widget.scrollbars_enabled
            for done in (widget, widget._vertical_scrollbar, widget._horizontal_scrollbar):
                if done is not None:
                    done._layout_required &= moved  # (else only `virtual_size` asked)
                    done._repaint_required &= not drawn

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        # Asked by Textual's `AwaitMount` (of `push_screen`, once or twice) when the
        # screen's widgets are announced mounted: nothing to do if each is laid out.
        announced = sys._getframe(1).f_code.co_name == "await_mount"
        if layout and announced and not regions and self._all_laid_out():
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _all_laid_out(self) -> bool:
        """Whether every widget shown was laid out at this size, and none asks again."""
        if self._first_size != self.size or self._layout_widgets:
            return False
        shown = [node for node in self.walk_children(Widget) if node.display]
        return all(widget in self._compositor for widget in shown)

    async def _on_layout(self, message: messages.Layout) -> None:
        widget = message.widget
        first = self._first_layout_at
        hidden = isinstance(widget, Widget) and not widget.display
        if (first is not None and message.time < first) or (
            hidden and widget not in self._compositor
        ):
            # Asked before the first layout, which laid everything out; or by a widget
            # hidden before and after: nothing moves.
            message.stop()
            message.prevent_default()

    async def _on_update(self, message: messages.Update) -> None:
        drawn = self._first_drawn_at
        if drawn is not None and message.time < drawn:  # (drawn whole since)
            message.stop()
            message.prevent_default()

    async def _on_resize(self, event: events.Resize) -> None:  # (Screen's: not awaited)
        if not self._resized and event.size == self.size:
            event.prevent_default()
        self._resized = True

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        unlaid = self._first_layout_at is None
        super()._on_screen_resume(event)
        event.prevent_default()  # (Textual calls Screen's handler too: twice, else)
        if unlaid and self._first_layout_at is not None:
            self._repaint_required = False  # (Textual's repaint after the layout drew it all)
