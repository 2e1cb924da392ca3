"""Changing a widget at the least cost: a `Static` updated without a layout of the screen
when its height stays the same; a widget's classes set restyling it alone."""

from __future__ import annotations

from collections.abc import Mapping

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def update_in_place(static: Static, content: VisualType) -> None:
    """Show `content` in `static`, laying the screen out again only if its size changes."""
    styles = static.styles
    if not static.is_mounted or styles.is_auto_width:
        static.update(content)
        return
    if not styles.is_auto_height:  # (a fixed or relative height: the text cannot move it)
        static.update(content, layout=False)
        return
    width = static.content_region.width
    size = static.app.size  # (a Static's height depends on its width alone)
    before = static.get_content_height(size, size, width)
    static.update(content, layout=False)  # (this forgets the measured height)
    if width <= 0 or static.get_content_height(size, size, width) != before:
        static.refresh(layout=True)


def restyle_alone(widget: Widget, wanted: Mapping[str, bool]) -> bool:
    """Set `widget`'s classes to `wanted` and, if any changed, restyle the widget alone (not
    its children nor the screen: its looks, the component classes, are worked out then).
    True when they changed."""
    if all(widget.has_class(name) == on for name, on in wanted.items()):
        return False
    widget.update_classes(wanted, update=False)
    if widget.is_mounted:
        widget.app.stylesheet.update_nodes([widget], animate=False)
    else:
        widget.update_node_styles()
    return True
