"""Themes for every eye: the contrast of every theme's text, the players' colours under
simulated colour blindness, the theme on the menu, and a redraw when the theme changes."""

from __future__ import annotations

from typing import Any

import pytest
from textual.color import Color
from textual.command import CommandPalette
from textual.theme import BUILTIN_THEMES, Theme
from textual.widgets import Static

from app.tui.app import EquationDuelApp
from app.tui.themes import (
    COLOUR_BLIND_SAFE,
    HIGH_CONTRAST,
    LIGHT_THEMES,
    READABLE,
    all_themes,
    contrast,
)

#: Every theme the app offers, as the app registers them (its own replace Textual's).
THEMES: dict[str, Theme] = {
    **{name: theme for name, theme in BUILTIN_THEMES.items() if not theme.ansi},
    **{theme.name: theme for theme in all_themes()},
}
#: The themes whose players' colours are checked as text (the app's own and the light
#: ones it made readable); Textual's dark themes are drawn as Textual draws them.
PLAYER_TEXT_THEMES = (HIGH_CONTRAST.name, COLOUR_BLIND_SAFE.name, *LIGHT_THEMES)

# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of
# color vision deficiency", severity 1.0: matrices for linear RGB.
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
NORMAL = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
#: The least CIELAB distance (ΔE*ab) at which the two players' colours count as apart:
#: well above the ~2.3 of a just-noticeable difference, for colours seen side by side.
APART = 40.0


def resolved(value: str, on: Color) -> Color:
    """A theme variable's colour as drawn on `on` ("auto 87%", "#586e75 60%", "#fff")."""
    parts = value.split()
    alpha = float(parts[1].rstrip("%")) / 100 if len(parts) > 1 else 1.0
    color = on.get_contrast_text(1.0) if parts[0] == "auto" else Color.parse(parts[0])
    return on.blend(color.with_alpha(1.0), alpha * color.a)


def variables(theme: Theme) -> dict[str, str]:
    return theme.to_color_system().generate()


@pytest.mark.parametrize("name", sorted(THEMES))
def test_text_reads_on_every_background_of_every_theme(name: str) -> None:
    found = variables(THEMES[name])
    for ground in ("background", "surface", "panel"):
        on = Color.parse(found[ground])
        for text in ("text", "text-muted", "foreground"):
            ratio = contrast(resolved(found[text], on), on)
            assert ratio >= READABLE, f"{name}: ${text} on ${ground} is {ratio:.2f}:1"


@pytest.mark.parametrize("name", PLAYER_TEXT_THEMES)
def test_the_players_colours_read_as_text(name: str) -> None:
    found = variables(THEMES[name])
    on = Color.parse(found["background"])
    for player in ("primary", "accent"):
        ratio = contrast(Color.parse(found[player]), on)
        assert ratio >= READABLE, f"{name}: ${player} on the background is {ratio:.2f}:1"


def _linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def simulated(color: Color, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    rgb = (_linear(color.r), _linear(color.g), _linear(color.b))
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear RGB colour."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(one: Color, two: Color, matrix: tuple[tuple[float, ...], ...]) -> float:
    a, b = lab(simulated(one, matrix)), lab(simulated(two, matrix))
    return float(sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5)


@pytest.mark.parametrize("theme", [COLOUR_BLIND_SAFE, HIGH_CONTRAST], ids=lambda t: t.name)
@pytest.mark.parametrize(
    "matrix", [NORMAL, PROTANOPIA, DEUTERANOPIA], ids=["normal", "protanopia", "deuteranopia"]
)
def test_the_players_are_told_apart_without_red_and_green(
    theme: Theme, matrix: tuple[tuple[float, ...], ...]
) -> None:
    one, two = Color.parse(theme.primary), Color.parse(theme.accent or "")
    assert distance(one, two, matrix) >= APART


def test_the_simulation_confuses_red_and_green() -> None:
    """The check can fail: pure red and green are close for a deuteranope."""
    red, green = Color.parse("#D00000"), Color.parse("#00A000")
    assert distance(red, green, NORMAL) > 2 * APART
    assert distance(red, green, DEUTERANOPIA) < APART


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21.0)
    assert contrast(Color(119, 119, 119), Color(255, 255, 255)) == pytest.approx(4.48, abs=0.01)


async def test_the_theme_is_chosen_from_the_menu() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        assert {"high-contrast", "colour-blind-safe"} <= set(app.available_themes)
        link = app.screen.query_one("#theme", Static)
        assert str(link.render()) == "Theme (t)"  # (the menu fits 80 columns with every link)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")


def _backgrounds(shown: Any) -> set[tuple[int, int, int]]:
    """The background colours the move list's text carries in its spans."""
    found = set()
    for span in getattr(shown, "spans", []):
        style = span.style
        color = getattr(style, "background", None) or getattr(style, "bgcolor", None)
        if isinstance(color, Color):
            found.add(color.rgb)
    return found


async def test_the_move_list_is_drawn_again_when_the_theme_changes() -> None:
    from widgets.move_list import MoveList

    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4", "5")
        await pilot.pause()
        lines = app.screen.query_one(MoveList).query_one("#move-lines", Static)
        dark = _backgrounds(lines.render())
        assert dark  # (the marks carry the theme's background)
        app.theme = "solarized-light"
        await pilot.pause()
        await pilot.pause()
        light = Color.parse(app.current_theme.background or "").rgb
        assert _backgrounds(lines.render()) == {light}


async def test_no_cursor_blinks_with_animations_off() -> None:
    from textual.widgets import Input

    app = EquationDuelApp("collect", names=("Ann", "Bob"))
    app.animation_level = "none"  # as TEXTUAL_ANIMATIONS=none sets it
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        field = app.screen.query_one("#equation", Input)
        assert field.has_focus
        assert not field.cursor_blink
