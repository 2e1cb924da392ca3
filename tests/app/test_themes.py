"""Themes for every eye: the contrast of every theme's text, the players' colours under
simulated colour blindness, the theme on the menu, and a redraw when the theme changes."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.color import Color
from textual.command import CommandPalette
from textual.theme import BUILTIN_THEMES, Theme

from app.tui.app import EquationDuelApp
from app.tui.menu_links import MenuLinks
from app.tui.themes import MENDED, register_themes
from tests.app.colour_vision import APART, DEUTERANOPIA, NORMAL, VISIONS, distance
from tests.app.theme_mending import READABLE, contrast, table
from tests.app.tui_support import links_drawn


def offered() -> dict[str, Theme]:
    """Every theme the menu offers (the app's list, as the app registers them), but the
    ANSI ones, whose colours are the terminal's own: none can be computed."""
    app: App[None] = App()
    register_themes(app)
    themes = {name: app.get_theme(name) for name in app.available_themes}
    return {name: theme for name, theme in themes.items() if theme and not theme.ansi}


THEMES = offered()


def resolved(value: str, on: Color) -> Color:
    """A theme variable's colour as drawn on `on` ("auto 87%", "#586e75 60%", "#fff")."""
    parts = value.split()
    alpha = float(parts[1].rstrip("%")) / 100 if len(parts) > 1 else 1.0
    color = on.get_contrast_text(1.0) if parts[0] == "auto" else Color.parse(parts[0])
    return on.blend(color.with_alpha(1.0), alpha * color.a)


def variables(theme: Theme) -> dict[str, str]:
    return theme.to_color_system().generate()


def test_every_theme_of_textual_and_the_apps_own_is_checked() -> None:
    expected = {name for name, theme in BUILTIN_THEMES.items() if not theme.ansi}
    assert expected | {"high-contrast", "colour-blind-safe"} <= set(THEMES)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_text_reads_on_every_background_of_every_theme(name: str) -> None:
    found = variables(THEMES[name])
    for ground in ("background", "surface", "panel"):
        on = Color.parse(found[ground])
        for text in ("text", "text-muted", "foreground"):
            ratio = contrast(resolved(found[text], on), on)
            assert ratio >= READABLE, f"{name}: ${text} on ${ground} is {ratio:.2f}:1"


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_players_colours_read_as_text(name: str) -> None:
    """Player 1's colour ($primary) and Player 2's ($accent) are text (names, the turn
    banner, the move list) on the screen's background and the widgets' surface."""
    found = variables(THEMES[name])
    for ground in ("background", "surface"):
        on = Color.parse(found[ground])
        for player in ("primary", "accent"):
            ratio = contrast(Color.parse(found[player]), on)
            assert ratio >= READABLE, f"{name}: ${player} on ${ground} is {ratio:.2f}:1"


def test_the_default_themes_player_colour_reads() -> None:
    """textual-dark's blue was 4.14:1 on its background."""
    found = variables(THEMES["textual-dark"])
    primary, background = Color.parse(found["primary"]), Color.parse(found["background"])
    assert contrast(primary, background) >= READABLE
    assert contrast(Color.parse("#0178D4"), background) < READABLE  # (Textual's own)


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_the_players_are_told_apart_without_red_and_green(name: str, vision: str) -> None:
    found = variables(THEMES[name])
    one, two = Color.parse(found["primary"]), Color.parse(found["accent"])
    assert distance(one, two, VISIONS[vision]) >= APART


def test_the_simulation_confuses_red_and_green() -> None:
    """The check can fail: pure red and green are close for a deuteranope."""
    red, green = Color.parse("#D00000"), Color.parse("#00A000")
    assert distance(red, green, NORMAL) > 2 * APART
    assert distance(red, green, DEUTERANOPIA) < APART


def test_a_theme_whose_players_look_alike_is_mended() -> None:
    """solarized-light's blue and violet are 3 apart for a deuteranope: Player 2 gets
    another colour, and Player 1 keeps the theme's (made readable)."""
    textual = variables(BUILTIN_THEMES["solarized-light"])
    before = (Color.parse(textual["primary"]), Color.parse(textual["accent"]))
    assert distance(*before, DEUTERANOPIA) < APART
    mended = variables(THEMES["solarized-light"])
    assert (
        mended["primary"] == textual["primary"]
        or contrast(before[0], Color.parse(textual["background"])) < READABLE
    )
    assert mended["accent"] != textual["accent"]


def test_the_mended_themes_are_textuals_made_readable() -> None:
    """The app's table is what the mending computes from Textual's themes now (after a
    Textual upgrade: `python -m tests.app.theme_mending` prints it again)."""
    assert table() == MENDED


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21.0)
    assert contrast(Color(119, 119, 119), Color(255, 255, 255)) == pytest.approx(4.48, abs=0.01)


async def test_the_theme_is_chosen_from_the_menu() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)) as pilot:
        links = app.screen.query_one(MenuLinks)
        assert links_drawn(links, 2)[0][0] == "Theme: textual-dark (t)"  # the theme in use, named
        await pilot.press("t")  # (at once: the themes are added once the menu is drawn)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert {"high-contrast", "colour-blind-safe"} <= set(app.available_themes)
        await pilot.press("escape")
        await pilot.pause()
        app.theme = "high-contrast"
        await pilot.pause()
        assert links_drawn(links, 2)[0][0] == "Theme: high-contrast (t)"


def _backgrounds(moves: Any) -> set[tuple[int, int, int]]:
    """The background colours of the move list's first lines as drawn."""
    found = set()
    for y in range(2):
        for segment in moves.render_line(y):
            color = segment.style.bgcolor if segment.style else None
            if color is not None:
                found.add(tuple(color.get_truecolor()))
    return found


async def test_the_move_list_is_drawn_again_when_the_theme_changes() -> None:
    from widgets.move_list import MoveList

    app = EquationDuelApp("conquest", names=("Ann", "Bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4", "5")
        await pilot.pause()
        moves = app.screen.query_one(MoveList)
        dark = _backgrounds(moves)
        assert dark  # (the marks carry the theme's background)
        app.theme = "solarized-light"
        await pilot.pause()
        await pilot.pause()
        light = Color.parse(app.current_theme.background or "").rgb
        assert _backgrounds(moves) == {light}


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


async def test_the_default_theme_is_drawn_mended_from_the_start() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(100, 30)):
        assert app.theme == "textual-dark"
        mended = variables(THEMES["textual-dark"])["primary"]
        assert app.stylesheet._variables["primary"] == mended != "#0178D4"
