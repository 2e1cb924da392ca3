"""How the app's table of mended themes (`app.tui.themes.MENDED`) is derived: Textual's
themes whose text (the players' colours included) does not read at 4.5:1 (WCAG AA) get
those colours lightened or darkened just enough; where the players' colours are not
`APART` for someone with protanopia or deuteranopia, Player 2's is replaced by the
nearest Okabe–Ito colour that is. `python -m tests.app.theme_mending` prints the table
again (after a Textual upgrade changes its themes).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

from app.tui.themes import OKABE_ITO
from tests.app.colour_vision import APART, NORMAL, apart, distance

#: WCAG AA for normal text.
READABLE = 4.5


def luminance(color: Color) -> float:
    """The relative luminance of `color` (WCAG 2)."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(one: Color, two: Color) -> float:
    """The WCAG 2 contrast ratio of two opaque colours, from 1 to 21."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


#: What the players' colours are made to read at: a little over `READABLE`, since a
#: theme's colour system rounds a colour by a unit on its way to the screen.
PLAYERS_READABLE = READABLE + 0.05


def readable_on(color: str | Color, grounds: list[Color], dark: bool, at: float = READABLE) -> str:
    """`color` lightened (dark grounds) or darkened in small steps until it reads at `at`
    on every one of `grounds`."""
    found = Color.parse(color) if isinstance(color, str) else color
    for _ in range(60):
        if min(contrast(found, ground) for ground in grounds) >= at:
            break
        found = found.lighten(0.02) if dark else found.darken(0.02)
    return found.hex


def _drawn(value: str, on: Color) -> Color:
    """A theme variable's colour as drawn on `on` ("auto 60%", "#586e75 60%", "#fff")."""
    parts = value.split()
    alpha = float(parts[1].rstrip("%")) / 100 if len(parts) > 1 else 1.0
    color = on.get_contrast_text(1.0) if parts[0] == "auto" else Color.parse(parts[0])
    return on.blend(color.with_alpha(1.0), alpha * color.a)


def readable(theme: Theme) -> Theme:
    """`theme` with its foreground and muted text readable on its background, surface and
    panel, and its players' colours (primary, accent) as `players_colours` makes them."""
    found = theme.to_color_system().generate()
    grounds = [Color.parse(found[name]) for name in ("background", "surface", "panel")]
    dark = theme.dark
    # (the players' colours are drawn on the background and surface, never the panel)
    primary, accent = players_colours(found["primary"], found["accent"], grounds[:2], dark)
    wanted = {"foreground": readable_on(found["foreground"], grounds, dark)}
    wanted |= {"primary": primary, "accent": accent}
    changes: dict[str, Any] = {
        name: color for name, color in wanted.items() if color != Color.parse(found[name]).hex
    }
    muted = [_drawn(found["text-muted"], ground) for ground in grounds]
    if min(contrast(m, g) for m, g in zip(muted, grounds, strict=True)) < READABLE:
        muted_text = readable_on(muted[0], grounds, dark)
        changes["variables"] = {**theme.variables, "text-muted": muted_text}
    return replace(theme, **changes) if changes else theme


def players_colours(primary: str, accent: str, grounds: list[Color], dark: bool) -> tuple[str, str]:
    """The players' colours, readable on every one of `grounds` and `APART` for every way
    of seeing (failing that, Okabe–Ito's blue and orange)."""
    one = readable_on(primary, grounds, dark, PLAYERS_READABLE)
    two = readable_on(accent, grounds, dark, PLAYERS_READABLE)
    if apart(Color.parse(one), Color.parse(two)) >= APART:
        return one, two
    palette = [
        readable_on(c, grounds, dark, PLAYERS_READABLE)
        for n, c in OKABE_ITO.items()
        if n != "black"
    ]
    fits = [c for c in palette if apart(Color.parse(one), Color.parse(c)) >= APART]
    if fits:  # the one nearest the theme's own (its look kept as far as it can be)
        return one, min(fits, key=lambda c: distance(Color.parse(c), Color.parse(two), NORMAL))
    blue = OKABE_ITO["sky blue" if dark else "blue"]
    return (
        readable_on(blue, grounds, dark, PLAYERS_READABLE),
        readable_on(OKABE_ITO["orange"], grounds, dark, PLAYERS_READABLE),
    )


def mended(name: str) -> Theme | None:
    """Textual's theme `name` made readable; None where it stands as it is."""
    builtin = BUILTIN_THEMES.get(name)
    if builtin is None or builtin.ansi:
        return None
    new = readable(builtin)
    return None if new is builtin else new


def table() -> dict[str, dict[str, Any]]:
    """What `MENDED` holds: each mended theme's changes (of its variables, only the
    muted text's)."""
    found: dict[str, dict[str, Any]] = {}
    for name, builtin in BUILTIN_THEMES.items():
        new = mended(name)
        if new is None:
            continue
        changes = {
            key: getattr(new, key)
            for key in ("primary", "accent", "foreground")
            if getattr(new, key) != getattr(builtin, key)
        }
        if new.variables != builtin.variables:
            changes["text-muted"] = new.variables["text-muted"]
        found[name] = changes
    return found


if __name__ == "__main__":
    for name, changes in table().items():
        print(f"    {name!r}: {changes!r},")
