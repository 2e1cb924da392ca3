"""The app's own themes, and Textual's made fully readable.

- `high-contrast`: white on black, the players in Okabe–Ito sky blue and orange; for low
  vision. `colour-blind-safe`: a dark theme in the Okabe–Ito palette (Okabe & Ito, "Color
  Universal Design", 2008), told apart with any common colour-vision deficiency.
- Textual's themes whose text (the players' colours included: names, the banner, the move
  list) does not read at 4.5:1 (WCAG AA) are registered again under their own names with
  those colours lightened or darkened just enough (`readable`); where the players' colours
  are not `APART` for someone with protanopia or deuteranopia, Player 2's is replaced by
  the nearest Okabe–Ito colour that is (`players_colours`). A theme that passes is left
  exactly as Textual draws it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from textual.app import App
from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

from app.tui.colour_vision import APART, NORMAL, apart, distance

#: The Okabe–Ito palette.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermilion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: WCAG AA for normal text.
READABLE = 4.5

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary=OKABE_ITO["sky blue"],
    secondary="#FFFFFF",
    accent=OKABE_ITO["orange"],
    warning=OKABE_ITO["yellow"],
    error="#FF7F7F",
    success="#3DDC97",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    dark=True,
    text_alpha=1.0,
    variables={
        "text-muted": "#D0D0D0",
        "footer-key-foreground": OKABE_ITO["yellow"],
        "border": "#FFFFFF",
    },
)

COLOUR_BLIND_SAFE = Theme(
    name="colour-blind-safe",
    primary=OKABE_ITO["sky blue"],
    secondary=OKABE_ITO["reddish purple"],
    accent=OKABE_ITO["orange"],
    warning=OKABE_ITO["yellow"],
    error="#F0803C",  # vermilion, lightened to read on the dark background
    success=OKABE_ITO["bluish green"],
    foreground="#F2F2F2",
    background="#1C1C1C",
    surface="#262626",
    panel="#303030",
    dark=True,
)

#: Every theme this module adds or changes.
OWN_THEMES = (HIGH_CONTRAST, COLOUR_BLIND_SAFE)


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


@cache
def mended(name: str) -> Theme | None:
    """The app's theme called `name`: its own, or Textual's made readable; None where
    Textual's stands as it is (or there is none)."""
    for theme in OWN_THEMES:
        if theme.name == name:
            return theme
    builtin = BUILTIN_THEMES.get(name)
    if builtin is None or builtin.ansi:
        return None
    new = readable(builtin)
    return None if new is builtin else new


@cache
def all_themes() -> tuple[Theme, ...]:
    """Every theme `register_themes` adds (about 30 ms, once a process)."""
    names = [theme.name for theme in OWN_THEMES] + list(BUILTIN_THEMES)
    return tuple(theme for theme in map(mended, names) if theme is not None)


def register_themes(app: App[Any], names: tuple[str, ...] | None = None) -> None:
    """Add the app's themes to `app`; with `names`, only those (the first screen's: the
    others once it is drawn)."""
    themes = all_themes() if names is None else [t for t in map(mended, names) if t]
    for theme in themes:
        app.register_theme(theme)
