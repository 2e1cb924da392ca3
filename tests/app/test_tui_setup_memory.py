"""The setup screen as a player meets it: presets in words, Enter from any field, names
remembered for next time, options below the fold announced, computer seats named."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from app.store import settings
from app.tui.app import EquationDuelApp
from app.tui.choice_list import ChoiceList
from app.tui.choices import Choices
from app.tui.menu_links import MenuLinks
from app.tui.preset_words import preset_words
from app.tui.setup import MORE_BELOW, SetupScreen
from rules.collect import CollectOptions
from rules.countdown import CountdownOptions
from tests.app.tui_support import SIZE, choose, game_screen, links_drawn, top


def test_presets_are_described_in_words() -> None:
    assert preset_words(CountdownOptions()) == "Standard rules"
    assert preset_words(CountdownOptions(first=2)) == "Player 2 starts"
    options = CollectOptions(pool=(1, 15), double_digits=True, ops=("+", "-"))
    assert preset_words(options) == "Numbers 1–15, double digits, + − only"
    assert preset_words(CountdownOptions(pool=(1, 5), first=2)) == "Numbers 1–5, Player 2 starts"


async def open_setup(pilot: Pilot[None], app: EquationDuelApp, game_key: str) -> SetupScreen:
    await pilot.press(game_key)
    await pilot.pause()
    screen = top(app)
    assert isinstance(screen, SetupScreen)
    return screen


async def test_the_preset_list_shows_words_not_names() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "5")
        preset = setup.query_one("#preset", ChoiceList)
        labels = preset.labels
        assert "Player 2 starts" in labels and "first=2" not in labels
        assert preset.value == "standard"


async def test_enter_chooses_only_in_an_open_list_and_starts_from_anywhere_else() -> None:
    """The repro: Enter on a closed list, or on a set of choices, reopened the list or
    toggled an option instead of starting. Now an open list is the one place where Enter
    chooses; the arrows choose in a set of choices, and Enter there starts."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "5")
        preset = setup.query_one("#preset", ChoiceList)
        preset.focus()
        await pilot.press("space")  # space (or ↓) opens a list
        await pilot.pause()
        assert preset.expanded
        await pilot.press("down", "enter")  # open: Enter chooses, and the screen stays
        await pilot.pause()
        assert not preset.expanded and top(app) is setup and preset.value == "first=2"
        assert setup.first == 2
        setup.query_one("#clock", Choices).focus()
        await pilot.press("right")  # the arrows choose: 10 seconds a turn
        assert setup.query_one("#clock", Choices).value == 10
        await pilot.press("enter")  # a closed list behind, a set of choices here: starts
        await pilot.pause()
        started = game_screen(app).setup
        assert started.first == 2 and started.turn_seconds == 10


async def test_enter_on_a_closed_list_starts() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "3")
        setup.query_one("#preset", ChoiceList).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).setup.game_id == "fifty"


async def test_names_typed_are_remembered_for_the_next_setup() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "4")
        setup.query_one("#name-1", Input).value = "Ann"
        setup.query_one("#name-2", Input).value = "Bob"
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).setup.names == ("Ann", "Bob")
    assert settings.names() == ("Ann", "Bob")
    again = EquationDuelApp()
    async with again.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, again, "2")
        assert setup.query_one("#name-1", Input).value == "Ann"
        assert setup.query_one("#name-2", Input).value == "Bob"


async def test_a_computer_seat_is_named_by_its_level_and_not_remembered() -> None:
    settings.update(names=["Ann", "Bob"])
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "4")
        setup.query_one("#name-2", Input).value = "Player 2"
        await choose(pilot, "#seat-2", "perfect")
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).setup.names == ("Ann", "Computer (perfect)")
    assert settings.names() == ("Ann", "Bob")  # Bob's seat is not forgotten


async def test_options_below_the_fold_are_announced_at_80x24() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, "1")
        await pilot.pause()
        more = setup.query_one("#more-options", Static)
        assert more.content == MORE_BELOW
        form = setup.query_one("#setup-form")
        form.scroll_end(animate=False)
        await pilot.pause()
        assert more.content == ""


async def test_a_computer_started_from_the_command_line_is_named_by_its_level() -> None:
    app = EquationDuelApp("conquest", levels=(None, "perfect"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game_screen(app).setup.names == ("Player 1", "Computer (perfect)")


def test_statistics_keep_people_and_computers_apart() -> None:
    from app.store import ratings, stats, stats_text
    from tests.app import test_stats

    perfect = test_stats.game(("Ann", "Computer (perfect)"), 2, ("human", "perfect"), 1)
    for record in (perfect, test_stats.game(("Ann", "Bob"), 1, minute=2)):
        assert ratings.record_game(record)
    found = stats.summary()
    assert found.computers == ("Computer (perfect)",)
    text = stats_text.format_summary(found)
    people, computers = text.split("Computer players")
    assert "Ann" in people and "Bob" in people and "Computer (perfect)" not in people
    assert "Computer (perfect)" in computers.split("Head to head")[0]


async def test_the_setup_turns_takebacks_off() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "5")
        assert setup.query_one("#takebacks", Choices).value  # on unless turned off
        setup.query_one("#takebacks", Choices).value = False
        await choose(pilot, "#seat-2", "easy")
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert not screen.setup.takebacks and not screen.session.takebacks_allowed
        assert screen.check_action("undo_off", ())
        assert screen.setup.rematch().takebacks is False
        app.open_setup("countdown", screen.setup)  # "New game" starts from this setup
        await pilot.pause()
        assert not top(app).query_one("#takebacks", Choices).value


async def test_each_game_remembers_its_last_setup_and_play_again_starts_it() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "5")
        setup.query_one("#name-1", Input).value = "Ann"
        await choose(pilot, "#seat-2", "perfect")
        setup.query_one("#preset", ChoiceList).value = "first=2"
        await pilot.pause()
        setup.query_one("#name-1", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        started = game_screen(app).setup
        assert started.names == ("Ann", "Computer (perfect)") and started.first == 2
        app.go_menu()
        await pilot.pause()
        links = links_drawn(top(app).query_one(MenuLinks), 0)
        assert links[1][0] == "Play again: Countdown Duel (a)"
        setup = await open_setup(pilot, app, "5")  # the same game: all of it remembered
        assert setup.query_one("#name-1", Input).value == "Ann"
        assert setup.query_one("#seat-2", Choices).value == "perfect"
        assert setup.query_one("#preset", ChoiceList).value == "first=2"
        await pilot.press("escape")
        setup = await open_setup(pilot, app, "4")  # another game: its own, the names kept
        assert setup.query_one("#name-1", Input).value == "Ann"
        assert setup.query_one("#seat-2", Choices).value == "human"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("a")  # Play again: the last setup, in one key
        await pilot.pause()
        assert game_screen(app).setup == started


async def test_a_broken_setups_file_gives_the_standard_setup() -> None:
    from app.store.data_folder import ensure_data_dir
    from app.tui.setup_memory import SETUPS, last_game_id, stored_setup

    path = ensure_data_dir() / SETUPS
    for text in ("not json", "[]", '{"last": "fifty", "games": {"fifty": {"options": 3}}}'):
        path.write_text(text, "utf-8")
        assert stored_setup("fifty") is None
    bad_level = {"options": {}, "seats": [{"name": "A", "kind": "computer", "level": "god"},
                                          {"name": "B", "kind": "human"}]}  # fmt: skip
    path.write_text(json.dumps({"last": "fifty", "games": {"fifty": bad_level}}), "utf-8")
    assert last_game_id() == "fifty" and stored_setup("fifty") is None
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")  # a setup that no longer fits: the game's setup, standard
        await pilot.pause()
        setup = top(app)
        assert isinstance(setup, SetupScreen) and setup.game_id == "fifty"
        assert setup.query_one("#seat-1", Choices).value == "human"
        assert setup.query_one("#preset", ChoiceList).value == "standard"


async def test_a_setup_is_laid_out_again_when_the_terminal_is_resized() -> None:
    """Its first Resize, at the size it opened at, lays nothing out again (issue 37: a
    fifth of its cost); a real one does, the screens under it too."""
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, "1")
        await pilot.pause()
        assert setup.query_one("#more-options", Static).content == MORE_BELOW
        await pilot.resize_terminal(120, 50)
        await pilot.pause()
        assert setup.query_one("#setup-form").size.height > 30
        assert setup.query_one("#more-options", Static).content == ""
        await pilot.press("escape")
        await pilot.pause()
        assert top(app).size == (120, 50)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 50)])
async def test_each_setup_is_laid_out_once_and_drawn_whole_once(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """As it opens, whether its form scrolls or not (issue 37): Textual laid a screen out
    three times and drew it whole twice (each widget's `virtual_size` set by the first
    layout, the screen announced mounted, the notifications' rack hiding itself again,
    a scroll bar found by the first layout, the line under the form shown or hidden), and
    then drew every widget again (each asked to be drawn as it mounted)."""
    counted: list[str] = []
    layout, draw, again = (
        Screen._refresh_layout,
        Compositor.render_full_update,
        Compositor.update_widgets,
    )

    def laid_out(screen: Screen[object], *args: Any, **kw: Any) -> None:
        counted.append(f"layout {type(screen).__name__}")
        layout(screen, *args, **kw)

    def drawn(compositor: Compositor, *args: Any, **kw: Any) -> Any:
        counted.append("drawn whole")
        return draw(compositor, *args, **kw)

    def drawn_again(compositor: Compositor, widgets: set[Widget]) -> None:
        # (a text box's cursor blinks: drawn again, alone)
        if counted:  # (once the setup is laid out)
            counted.extend(
                f"{type(w).__name__}#{w.id} again" for w in widgets if not isinstance(w, Input)
            )
        again(compositor, widgets)

    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    monkeypatch.setattr(Compositor, "render_full_update", drawn)
    monkeypatch.setattr(Compositor, "update_widgets", drawn_again)
    app = EquationDuelApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in "12345":
            counted.clear()
            setup = await open_setup(pilot, app, key)
            for _ in range(4):
                await pilot.pause()
            assert counted == ["layout SetupScreen", "drawn whole"], setup.game_id
            form = setup.query_one("#setup-form")
            assert form.show_vertical_scrollbar == (form.max_scroll_y > 0)
            await pilot.press("escape")
            await pilot.pause()
