"""Updating a `Static` without a layout of the screen when its height stays the same."""

from __future__ import annotations

from textual.visual import VisualType
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
