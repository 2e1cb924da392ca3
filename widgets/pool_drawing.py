"""How a pool's keys (and a template's slots) are drawn: each key's three rows, from its
look's styles (`styles/pool.tcss`, `styles/widgets.tcss`): a border of the look's type
and colour, the label centred, colours with alpha blended as Textual blends them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from textual._border import get_box
from textual.color import Color
from textual.css.styles import RenderStyles
from textual.strip import Strip
from textual.style import Style

#: A key's three rows (top border, label, bottom border).
KeyRows = tuple[Strip, Strip, Strip]


class Look(NamedTuple):
    """What a key is drawn with, worked out: its edges (type and colour, blended over the
    pool's background) top, right, bottom and left, and its label's style (on the key's
    background). Equal looks draw equal keys, whichever classes gave them."""

    edges: tuple[tuple[str, Color], ...]
    text: Style
    background: Color
    pool_background: Color


def _either(own: bool | None, inherited: bool | None) -> bool | None:
    return inherited if own is None else own


def look_of(styles: RenderStyles, under: Style) -> Look:
    """The look the styles `styles` give a key on a pool whose own style is `under` (its
    background the pool's, blended over what is beneath): what `styles` leave unset is as
    the pool has it."""
    pool_background = under.background or Color(0, 0, 0, 0)
    background = pool_background
    if styles.has_rule("background"):
        background = pool_background + styles.background
    text = styles.text_style
    color = styles.color if styles.has_rule("color") else under.foreground
    if color is not None and styles.has_rule("auto_color") and styles.auto_color:
        color = background.get_contrast_text(color.a)  # (`$text` is "auto 87%")
    style = Style(
        background,
        color,
        bold=_either(text.bold, under.bold),
        dim=_either(text.dim, under.dim),
        italic=_either(text.italic, under.italic),
        underline=_either(text.underline, under.underline),
        reverse=_either(text.reverse, under.reverse),
        strike=_either(text.strike, under.strike),
    )
    edges = tuple((kind, pool_background + color) for kind, color in styles.border)
    return Look(edges, style, background, pool_background)


@lru_cache(maxsize=512)
def key_rows(label: str, look: Look, width: int) -> KeyRows:
    """The rows of a key `width` cells wide showing `label` in the look `look` (kept: a
    turn changes the looks of many keys back and forth)."""
    inner, outer = Style(background=look.background), Style(background=look.pool_background)
    top, right, bottom, left = (
        get_box(kind, inner, outer, Style(foreground=color)) for kind, color in look.edges
    )

    def across(row: tuple[Segment, Segment, Segment]) -> Strip:
        first, middle, last = row
        return Strip(
            [first, Segment(middle.text * (width - 2), middle.style), last], width
        ).simplify()

    room = width - 2
    shown = label if cell_len(label) <= room else label[:room]
    pad = (look.text + Style(reverse=False)).rich_style
    left_room = (room - cell_len(shown)) // 2
    right_room = room - cell_len(shown) - left_room
    middle = [
        left[1][0],
        Segment(" " * left_room, pad),
        Segment(shown, look.text.rich_style),
        Segment(" " * right_room, pad),
        right[1][2],
    ]
    return (
        across(top[0]),
        # (an empty label stays, as Textual draws an empty key: a part no cell wide)
        Strip([segment for segment in middle if segment.text or segment is middle[2]], width),
        across(bottom[2]),
    )
