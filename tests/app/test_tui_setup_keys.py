"""The setup screen by keys, as a newcomer meets it (issue 34): every field shows its
focus without colour, and the Tab order stays put whoever plays, so a sequence of keys
learnt once starts the game it started before."""

from __future__ import annotations

from typing import Any

import pytest
from rich.segment import Segment
from textual.widget import Widget
from textual.widgets import Input, OptionList

from app.tui.app import EquationDuelApp
from app.tui.choice_list import ChoiceList, ChoiceListScreen
from app.tui.choices import Choices
from app.tui.setup import SetupScreen
from tests.app.tui_support import choose, game_screen, top

SIZE = (80, 24)


def chain(setup: SetupScreen) -> list[str | None]:
    return [widget.id for widget in setup.focus_chain]


async def test_the_tab_order_stays_put_when_a_seat_becomes_a_computer() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        setup = top(app)
        people = chain(setup)
        await choose(pilot, "#seat-1", "perfect")
        await choose(pilot, "#seat-2", "medium")
        await pilot.pause()
        assert chain(setup) == people
        assert people[:4] == ["name-1", "seat-1", "name-2", "seat-2"]


@pytest.mark.parametrize("first_seat", ["human", "perfect"])
async def test_tab_tab_tab_right_enter_starts_against_the_computer(first_seat: str) -> None:
    """The repro: from Player 1's name, Tab Tab Tab reaches Player 2's seat, → chooses
    the computer and Enter starts: the same keys whoever sits in Player 1's seat."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await choose(pilot, "#seat-1", first_seat)
        top(app).query_one("#name-1").focus()
        await pilot.press("tab", "tab", "tab", "right", "enter")
        await pilot.pause()
        seats = game_screen(app).setup.seats
        assert (seats[1].kind, seats[1].level) == ("computer", "easy")
        assert seats[0].kind == ("human" if first_seat == "human" else "computer")


def looks(app: EquationDuelApp, widget: Widget) -> list[tuple[str, bool, bool, bool, bool]]:
    """What `widget`'s cells show without colour: each cell's character, and whether it
    is bold, underlined, reversed or italic."""
    region = widget.region
    cells: list[tuple[str, bool, bool, bool, bool]] = []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if region.y <= y < region.bottom:
            for segment in strip.crop(region.x, region.right):
                text, style, _ = segment
                flags = (False, False, False, False)
                if style is not None:
                    flags = (
                        bool(style.bold),
                        bool(style.underline),
                        bool(style.reverse),
                        bool(style.italic),
                    )
                cells.extend((character, *flags) for character in Segment(text).text)
    return cells


async def test_every_field_shows_its_focus_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under NO_COLOR each Tab stop of each game's setup looks different focused and not
    (a mark, bold, underline or reverse), not only in colour."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        for key in "12345":
            await pilot.press(key)
            await pilot.pause()
            setup = top(app)
            assert isinstance(setup, SetupScreen)
            stops = setup.focus_chain
            assert len(stops) > 8
            for widget in stops:
                widget.focus()
                await pilot.pause()
                focused = looks(app, widget)
                setup.set_focus(None)
                await pilot.pause()
                assert looks(app, widget) != focused, f"{widget} in {key}'s setup"
            await pilot.press("escape")
            await pilot.pause()


def test_snapshot_setup_without_colour(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under NO_COLOR at 80×24: Player 2 chosen as the medium computer by the arrows, the
    focus on that choice (bold, underlined), the chosen options marked ● and the others ○,
    takebacks "allowed" among them (each set of choices one widget, issue 37)."""
    monkeypatch.setenv("NO_COLOR", "1")
    keys = ["3", "tab", "tab", "tab", "right", "right"]
    assert snap_compare(EquationDuelApp(), press=keys, terminal_size=SIZE)


async def test_a_computer_seat_shows_the_computers_name_and_a_person_what_was_typed() -> None:
    """With "Bo" typed for Player 2, then a computer chosen: the box shows the computer's name
    as the game will call it (numbered when both seats are computers of one level);
    back to Human, "Bo" again."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        setup = top(app)
        box = setup.query_one("#name-2", Input)
        box.focus()
        await pilot.press("ctrl+a", "ctrl+k", "B", "o")
        await choose(pilot, "#seat-2", "medium")
        await pilot.pause()
        assert box.value == "Computer (medium)"
        assert setup.query_one("#first", Choices).labels[1] == "Computer (medium)"
        await choose(pilot, "#seat-1", "medium")
        await pilot.pause()
        assert box.value == "Computer 2 (medium)"
        assert setup.query_one("#name-1", Input).value == "Computer 1 (medium)"
        await choose(pilot, "#seat-2", "human")
        await pilot.pause()
        assert box.value == "Bo"
        assert setup.query_one("#name-1", Input).value == "Computer (medium)"
        await choose(pilot, "#seat-1", "human")
        await choose(pilot, "#seat-2", "perfect")
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).setup.names == ("Player 1", "Computer (perfect)")


async def test_the_operators_are_ticked_by_space_or_a_click_and_the_arrows_only_move() -> None:
    """A set of several choices (collect's operators): the arrows move among them without
    ticking, space ticks or unticks the one the keys are on, a click the one under it;
    none ticked is said under the field."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        setup = top(app)
        ops = setup.query_one("#opt-ops", Choices)
        ops.focus()
        await pilot.press("right")
        assert ops.ticked == ("+", "-", "*", "/")
        await pilot.press("space")
        assert ops.ticked == ("+", "*", "/")
        await choose(pilot, "#opt-ops", "*")
        await pilot.press("left", "left", "space", "right", "right", "right", "space")
        await pilot.pause()
        assert ops.ticked == ()
        assert "choose at least one operator" in str(setup.query_one("#err-ops").render())
        assert setup.query_one("#start").disabled


async def test_each_setup_screen_is_few_widgets() -> None:
    """Issue 37: a setup screen's cost is Textual's for each widget it composes; a set of
    choices is one widget (78-90 widgets a setup before, 57-63 now)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        for key in "12345":
            await pilot.press(key)
            await pilot.pause()
            assert len(list(top(app).walk_children())) <= 65, key
            await pilot.press("escape")
            await pilot.pause()


async def test_a_click_opens_the_preset_list_and_escape_closes_it_unchanged() -> None:
    """The preset is one line until opened (issue 37): a click opens its list, Escape
    closes the list only (the setup stays, the preset unchanged), a click chooses."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        setup = top(app)
        preset = setup.query_one("#preset", ChoiceList)
        await pilot.click(preset)
        await pilot.pause()
        assert preset.expanded and isinstance(top(app), ChoiceListScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) is setup and not preset.expanded and preset.value == "standard"
        await pilot.click(preset)
        await pilot.pause()
        await pilot.click(OptionList, offset=(1, 1))  # the second: Player 2 starts
        await pilot.pause()
        assert top(app) is setup and preset.value == "first=2" and setup.first == 2
