"""A screen laid out and drawn once as it opens (`DrawnOnce`), and a screen put in another's
place without the repaints Textual asks after (`replace_quietly`).

Textual (8.2) lays a new screen out and draws it whole as it comes on top, then asks for
both again, changing nothing: each widget whose size that layout set asks a layout and a
repaint, the screen asks a repaint, the requests queued before the frame are answered
again, and so is the screen's mount, awaited once the frame is out. Each is a layout of
every widget and a frame of the whole screen (about a fifth of a game screen's opening).
"""

from __future__ import annotations

from typing import Any, Self

from textual import events, messages
from textual._time import get_time
from textual.app import App
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._toast import ToastRack

from app.tui.mounting import StyledAsMounted


def scroll_bars(widget: Widget) -> tuple[bool, bool]:
    return widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar


class DrawnOnce(StyledAsMounted):
    """A screen whose first frame answers everything asked before it."""

    #: When the screen was first laid out, and drawn (`get_time`, as messages are stamped;
    #: a frame made during a batch update is not shown: Textual's repaint after it is).
    _laid_out_at: float | None = None
    _drawn_at: float | None = None

    def _on_mount(self, event: events.Mount) -> None:
        # (as the app sets it once the screen is on top: a layout after the first frame)
        self.query_children(ToastRack).set(display=False)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        first, shown = self._laid_out_at is None, not self.app._batch_count
        widgets = [self, *self.walk_children(Widget)]
        bars = [scroll_bars(widget) for widget in widgets]
        super()._on_screen_resume(event)  # (Textual's: the layout and the frame)
        for _ in range(2):  # a scroll bar that came: laid out again with it, at once
            came = [scroll_bars(widget) for widget in widgets]
            if came == bars or not (first and self.is_current):
                break
            bars = came
            self._refresh_layout(self.app.size)
        event.prevent_default()  # (Textual's not again: each time it asks a repaint)
        if first and self.is_current:
            self._laid_out_at = get_time()
            self._drawn_at = self._laid_out_at if shown else None
            for widget, before in zip(widgets, bars, strict=True):
                if scroll_bars(widget) == before:  # (else it needs another layout)
                    widget._layout_required = False
                    widget._repaint_required &= not shown

    @staticmethod
    def _answered(message: Message, since: float | None) -> None:
        if since is not None and message.time <= since:
            message.stop()
            message.prevent_default()

    async def _on_layout(self, message: messages.Layout) -> None:
        self._answered(message, self._laid_out_at)

    async def _on_update(self, message: messages.Update) -> None:
        self._answered(message, self._drawn_at)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """(A layout of the whole screen at the size it was laid out at changes nothing: its
        widgets ask their own. The mount awaited asks one; so does the app as a dialog
        over the screen goes, after a repaint of its own.)"""
        if layout and not regions and self._laid_out_at is not None and self.size == self.app.size:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def replace_quietly(app: App[Any], screen: Screen[Any]) -> None:
    """`app.switch_screen(screen)` without what it asks after the new screen's first frame:
    a frame of the whole screen as the old one is replaced, and a layout and a frame twice
    as the old one is removed (as the app's child: the app lays its current screen out)."""
    old = app.screen
    app.push_screen(screen)
    app._screen_stack.remove(old)
    old._pop_result_callback()
    app._prune(old, parent=None)
