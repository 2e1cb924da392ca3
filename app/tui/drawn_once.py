"""A screen laid out and drawn once as it opens (`drawn_once`), and a screen put in another's
place without the repaints Textual asks after (`replace_quietly`).

Textual (8.2) lays a new screen out and draws it whole as it comes on top, then asks for
both again, changing nothing: each widget whose size that layout set asks a layout and a
repaint, the screen asks a repaint, the requests queued before the frame are answered
again, and so is the screen's mount, awaited once the frame is out. Each is a layout of
every widget and a frame of the whole screen (about a fifth of a game screen's opening).
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual import events, messages
from textual._time import get_time
from textual.app import App
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._toast import ToastRack

S = TypeVar("S", bound=type[Screen[Any]])


def scroll_bars(widget: Widget) -> tuple[bool, bool]:
    return widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar


def with_bars(widget: Widget) -> list[Widget]:
    """The widget and its scroll bars (made once shown): what a layout sizes for it."""
    bars = (widget._vertical_scrollbar, widget._horizontal_scrollbar)
    return [widget, *(bar for bar in bars if bar is not None)]


def answered(message: Message, since: float | None) -> None:
    if since is not None and message.time <= since:
        message.stop()
        message.prevent_default()


# The handlers `drawn_once` gives a screen class (as its own: Textual calls each class's
# handler in turn, then Screen's unless prevented). `_resumed`: its widgets were styled
# as they mounted, not restyled as it first comes on top (`StyledAsMounted`'s rule).


def _on_screen_resume(screen: Any, event: events.ScreenResume) -> None:
    first, shown = screen._laid_out_at is None, not screen.app._batch_count
    if not screen._resumed:
        screen._resumed = True
        event.refresh_styles = False
    # (hidden as the app hides it after the first frame, which would lay it out again)
    screen.query_children(ToastRack).set(display=False)
    widgets = [screen, *screen.walk_children(Widget)]
    bars = [scroll_bars(widget) for widget in widgets]
    Screen._on_screen_resume(screen, event)  # (Textual's: the layout and the frame)
    event.prevent_default()  # (Textual's not again: each time it asks a repaint)
    for _ in range(2):  # a scroll bar that came: laid out again with it, at once
        came = [scroll_bars(widget) for widget in widgets]
        if came == bars or not (first and screen.is_current):
            break
        bars = came
        screen._refresh_layout(screen.app.size)
    if first and screen.is_current:
        screen._laid_out_at = get_time()
        screen._drawn_at = screen._laid_out_at if shown else None
        for widget, before in zip(widgets, bars, strict=True):
            if scroll_bars(widget) == before:  # (else it needs another layout)
                for done in with_bars(widget):  # (a scroll bar shown before: sized by it too)
                    done._layout_required = False
                    done._repaint_required &= not shown
        if shown:  # (and the whole screen asked again after its frame: a second one)
            screen._repaint_regions.clear()
            screen._dirty_regions.clear()
            # A dialog's: the screens under it were drawn in its frame as they are now; a
            # repaint they asked before (Textual's push_screen asks one of the screen
            # under the dialog) would draw the whole screen again.
            for under in screen.app._background_screens:
                under._dirty_widgets.clear()
                under._repaint_required = False
                under._compositor._dirty_regions.clear()


async def _on_resize(screen: Any, event: events.Resize) -> None:
    # (the Resize Textual sends a screen on top at its size: not laid out again)
    if not screen._resized and event.size == screen.size:
        event.prevent_default()
    screen._resized = True


async def _on_layout(screen: Any, message: messages.Layout) -> None:
    answered(message, screen._laid_out_at)


async def _on_update(screen: Any, message: messages.Update) -> None:
    answered(message, screen._drawn_at)


def refresh(
    screen: Any,
    *regions: Region,
    repaint: bool = True,
    layout: bool = False,
    recompose: bool = False,
) -> Any:
    """(A layout of the whole screen at the size it was laid out at changes nothing: its
    widgets ask their own. The mount awaited asks one; so does the app as a dialog over
    the screen goes, after a repaint of its own.)"""
    if (
        layout
        and not regions
        and screen._laid_out_at is not None
        and screen.size == screen.app.size
    ):
        return screen
    return Screen.refresh(screen, *regions, repaint=repaint, layout=layout, recompose=recompose)


def drawn_once(cls: S) -> S:
    """`cls` is laid out and drawn once as it opens: its first frame answers everything
    asked before it (a decorator, not a base class: the game screen's chain stays short).
    Textual calls a class's `_on_x` handler instead of its `on_x`: `cls`'s own
    `on_screen_resume` (the game's clock, not counting the time under a dialog) is called
    after the handler given here; an `on_resize`, `on_layout` or `on_update` of `cls`
    itself would not be called."""
    own_resume = cls.__dict__.get("on_screen_resume")

    def resumed(screen: Any, event: events.ScreenResume) -> None:
        _on_screen_resume(screen, event)
        if own_resume is not None:
            own_resume(screen)

    handlers = {
        "_on_screen_resume": resumed,
        "_on_resize": _on_resize,
        "_on_layout": _on_layout,
        "_on_update": _on_update,
        "refresh": refresh,
    }
    for name, handler in handlers.items():
        setattr(cls, name, handler)
    for name in ("_resumed", "_resized"):
        if not hasattr(cls, name):
            setattr(cls, name, False)
    cls._laid_out_at = cls._drawn_at = None  # type: ignore[attr-defined]
    return cls


def replace_quietly(app: App[Any], screen: Screen[Any]) -> None:
    """`app.switch_screen(screen)` without what it asks after the new screen's first frame:
    a frame of the whole screen as the old one is replaced, and a layout and a frame twice
    as the old one is removed (as the app's child: the app lays its current screen out)."""
    old = app.screen
    app.push_screen(screen)
    app._screen_stack.remove(old)
    old._pop_result_callback()
    app._prune(old, parent=None)
