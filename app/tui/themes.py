"""The app's own themes, and the light themes made fully readable.

- `high-contrast`: white text on black, the players in Okabe–Ito sky blue and orange
  (about 9:1 on black), warnings in yellow; for low vision.
- `colour-blind-safe`: a dark theme whose every colour comes from the Okabe–Ito palette
  (Okabe & Ito, "Color Universal Design", 2008), made to be told apart with any of the
  common colour-vision deficiencies: Player 1 blue, Player 2 orange, success bluish
  green, errors vermilion.
- Textual's themes whose text does not read at 4.5:1 (WCAG AA) on their background,
  surface or panel are registered again under their own names with that colour (the
  foreground, the muted text) lightened or darkened just enough (`readable`). The
  players' colours (primary for Player 1, accent for Player 2) are text too (names, the
  turn banner, the move list), so they are made readable the same way in every theme
  (textual-dark's blue, the default, read at only 4.14:1). And where the two players'
  colours are not `APART` for someone with protanopia or deuteranopia
  (`app.tui.colour_vision`), Player 2's is replaced by the Okabe–Ito colour nearest
  its own that is apart from Player 1's (`players_colours`). A theme that passes is left exactly as
  Textual draws it.

`register_themes(app)` adds them (the menu's theme list and the command palette then offer
them); `contrast(a, b)` is the WCAG 2 contrast ratio of two colours, which the tests use
to check every theme.
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

#: Textual's light themes whose players' colours are darkened to be readable as text.
LIGHT_THEMES = (
    "textual-light",
    "solarized-light",
    "catppuccin-latte",
    "rose-pine-dawn",
    "atom-one-light",
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
    """`color` lightened (on dark grounds) or darkened (on light ones) in small steps until
    it reads at `at` on every one of `grounds`; as it is if it already does."""
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
    """`theme` with its text colours (the foreground, the muted text) readable on its
    background, surface and panel, and, for a light theme, its players' colours
    (primary, accent) readable as text on its background. A colour that already reads
    is left as it is, so a theme that passes (textual-dark) is unchanged."""
    found = theme.to_color_system().generate()
    grounds = [Color.parse(found[name]) for name in ("background", "surface", "panel")]
    dark = theme.dark
    changes: dict[str, Any] = {}
    foreground = readable_on(found["foreground"], grounds, dark)
    if foreground != Color.parse(found["foreground"]).hex:
        changes["foreground"] = foreground
    muted = [_drawn(found["text-muted"], ground) for ground in grounds]
    if min(contrast(m, g) for m, g in zip(muted, grounds, strict=True)) < READABLE:
        changes["variables"] = {
            **theme.variables,
            "text-muted": readable_on(muted[0], grounds, dark),
        }
    # (the players' colours are drawn on the screen's background and the widgets'
    # surface; the panel holds the title bar and the footer)
    primary, accent = players_colours(found["primary"], found["accent"], grounds[:2], dark)
    if primary != Color.parse(found["primary"]).hex:
        changes["primary"] = primary
    if accent != Color.parse(found["accent"]).hex:
        changes["accent"] = accent
    return replace(theme, **changes) if changes else theme


def players_colours(primary: str, accent: str, grounds: list[Color], dark: bool) -> tuple[str, str]:
    """The players' colours (Player 1's, Player 2's), each readable as text on every one of
    `grounds`, and `APART` for every way of seeing; as they are where they pass. Player 2's
    is replaced where needed by the Okabe–Ito colour nearest it that is apart from
    Player 1's (and if none is, both by Okabe–Ito's blue and orange)."""
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
    """The app's theme called `name`: one of its own, or Textual's made readable (about
    2 ms each); None for a name it has no theme of its own for (Textual's theme, as it
    is, or none)."""
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
    """The themes `register_themes` adds, and Textual's it replaces with readable ones
    (worked out once a process: about 30 ms)."""
    names = [theme.name for theme in OWN_THEMES] + list(BUILTIN_THEMES)
    return tuple(theme for theme in map(mended, names) if theme is not None)


def register_themes(app: App[Any], names: tuple[str, ...] | None = None) -> None:
    """Add the app's themes to `app` (a light theme replaces Textual's of that name); with
    `names`, only those (the one the first screen is drawn in: the others, 30 ms of
    work, are added once it is drawn)."""
    themes = all_themes() if names is None else [t for t in map(mended, names) if t]
    for theme in themes:
        app.register_theme(theme)
