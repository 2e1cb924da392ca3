"""The app's own themes, and Textual's made fully readable.

- `high-contrast`: white on black, the players in Okabe–Ito sky blue and orange; for low
  vision. `colour-blind-safe`: a dark theme in the Okabe–Ito palette (Okabe & Ito, "Color
  Universal Design", 2008), told apart with any common colour-vision deficiency.
- Textual's themes whose text (the players' colours included: names, the banner, the move
  list) does not read at 4.5:1 (WCAG AA), or whose players' colours look alike with
  protanopia or deuteranopia, are registered again under their own names with the
  colours in `MENDED`. A theme that passes is left exactly as Textual draws it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from textual.app import App
from textual.theme import BUILTIN_THEMES, Theme

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

#: Every theme this module adds.
OWN_THEMES = (HIGH_CONTRAST, COLOUR_BLIND_SAFE)

#: Textual's themes mended: their colours lightened or darkened just enough to read, and
#: Player 2's replaced by the nearest Okabe–Ito colour told apart from Player 1's. They
#: are computed by tests/app/theme_mending.py, and tests/app/test_themes.py checks them.
MENDED: dict[str, dict[str, str]] = {
    "textual-dark": {"primary": "#378BE8"},
    "textual-light": {"accent": "#8C4700"},
    "nord": {"accent": "#FF9541", "text-muted": "#BABCC1"},
    "gruvbox": {"primary": "#8AAA9D", "text-muted": "#BDBDBD"},
    "catppuccin-mocha": {"text-muted": "#B6B6BB"},
    "dracula": {"accent": "#F37723"},
    "tokyo-night": {"foreground": "#B3BBE0", "text-muted": "#BCBCC1"},
    "monokai": {"accent": "#26AD82"},
    "flexoki": {"primary": "#5985D3", "accent": "#009E73"},
    "catppuccin-latte": {"primary": "#8133E9", "accent": "#BE2D00"},
    "catppuccin-frappe": {"primary": "#D4A8F0", "accent": "#FF9F4B", "text-muted": "#CFD0D8"},
    "catppuccin-macchiato": {"accent": "#3CBC91", "text-muted": "#C0C1C9"},
    "solarized-light": {"primary": "#006AAE", "accent": "#00744F", "foreground": "#53696F"},
    "solarized-dark": {"primary": "#459FE6", "accent": "#26AD82", "foreground": "#8D9EA0"},
    "rose-pine": {"accent": "#009E73"},
    "rose-pine-moon": {"accent": "#ED721D"},
    "rose-pine-dawn": {"primary": "#786491", "accent": "#B94600"},
    "atom-one-dark": {
        "primary": "#67B4F4",
        "accent": "#48C69B",
        "foreground": "#C4CBD8",
        "text-muted": "#CCCDD0",
    },
    "atom-one-light": {"primary": "#005ACE", "accent": "#825B00"},
}


@cache
def mended(name: str) -> Theme | None:
    """The app's theme called `name`: its own, or Textual's made readable; None where
    Textual's stands as it is (or there is none)."""
    for theme in OWN_THEMES:
        if theme.name == name:
            return theme
    builtin, changes = BUILTIN_THEMES.get(name), MENDED.get(name)
    if builtin is None or changes is None:
        return None
    fields: dict[str, Any] = {key: value for key, value in changes.items() if key != "text-muted"}
    if "text-muted" in changes:
        fields["variables"] = {**builtin.variables, "text-muted": changes["text-muted"]}
    return replace(builtin, **fields)


def register_themes(app: App[Any], names: tuple[str, ...] | None = None) -> None:
    """Add the app's themes to `app`; with `names`, only those (the first screen's: the
    others once it is drawn)."""
    every = [theme.name for theme in OWN_THEMES] + list(MENDED)
    for theme in map(mended, every if names is None else names):
        if theme is not None:
            app.register_theme(theme)
