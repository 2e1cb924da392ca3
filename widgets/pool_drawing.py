"""How a pool's keys are drawn: each key's three rows, from its look's styles.

A key looks as a bordered box of text would in Textual (the pool once was a grid of such
boxes): a border of the look's type and colour, the label centred in the middle row in
the look's colour and text style, on the look's background. Colours with alpha are
blended as Textual blends them: the key's background over the pool's, its border over the
pool's background, its text over its own background.

The looks themselves are in the style sheet (`styles/pool.tcss`), as the pool's
component classes; this only draws what they say.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from textual._border import get_box
from textual.color import Color
from textual.css.styles import RenderStyles
from textual.strip import Strip
from textual.style import Style

#: A key's three rows (top border, label, bottom border).
KeyRows = tuple[Strip, Strip, Strip]


def _either(own: bool | None, inherited: bool | None) -> bool | None:
    return inherited if own is None else own


def text_style(styles: RenderStyles, under: Style, background: Color) -> Style:
    """The label's style: the look's colour and text style over `background`, what the
    look leaves unset as the pool has it (`under`, the pool's own style)."""
    text = styles.text_style
    color = styles.color if styles.has_rule("color") else under.foreground
    if color is not None and styles.has_rule("auto_color") and styles.auto_color:
        color = background.get_contrast_text(color.a)  # (`$text` is "auto 87%")
    return Style(
        background,
        color,
        bold=_either(text.bold, under.bold),
        dim=_either(text.dim, under.dim),
        italic=_either(text.italic, under.italic),
        underline=_either(text.underline, under.underline),
        reverse=_either(text.reverse, under.reverse),
        strike=_either(text.strike, under.strike),
    )


def key_rows(label: str, styles: RenderStyles, under: Style, width: int) -> KeyRows:
    """The rows of a key `width` cells wide showing `label` in the look `styles`, on a pool
    whose style is `under` (its background the pool's, blended over what is beneath)."""
    pool_background = under.background or Color(0, 0, 0, 0)
    background = pool_background
    if styles.has_rule("background"):
        background = pool_background + styles.background
    inner, outer = Style(background=background), Style(background=pool_background)
    (top, top_color), (right, right_color), (bottom, bottom_color), (left, left_color) = (
        styles.border
    )

    def edge(kind: str, color: Color) -> tuple[tuple[Segment, Segment, Segment], ...]:
        return get_box(kind, inner, outer, Style(foreground=pool_background + color))

    def across(row: tuple[Segment, Segment, Segment]) -> Strip:
        first, middle, last = row
        return Strip(
            [first, Segment(middle.text * (width - 2), middle.style), last], width
        ).simplify()

    room = width - 2
    shown = label if cell_len(label) <= room else label[:room]
    style = text_style(styles, under, background)
    pad = (style + Style(reverse=False)).rich_style
    left_room = (room - cell_len(shown)) // 2
    right_room = room - cell_len(shown) - left_room
    middle = [
        edge(left, left_color)[1][0],
        Segment(" " * left_room, pad),
        Segment(shown, style.rich_style),
        Segment(" " * right_room, pad),
        edge(right, right_color)[1][2],
    ]
    return (
        across(edge(top, top_color)[0]),
        Strip([segment for segment in middle if segment.text], width),
        across(edge(bottom, bottom_color)[2]),
    )
