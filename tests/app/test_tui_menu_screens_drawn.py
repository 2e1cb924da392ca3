"""The menu's puzzles, class and online screens are laid out once as they open (built on
app.tui.mounting.StyledAsMounted, their focus given as they show): they were laid out
three times and drawn whole four or five times, changing nothing."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from app.tui.app import EquationDuelApp
from app.tui.puzzle_menu import PuzzleMenuScreen
from app.tui.tournament_screen import TournamentScreen
from tests.app.test_tui_drawn_once import drawn, settled
from tests.app.tui_support import SIZE

__all__ = ["drawn"]  # (the fixture, used by name)


async def opened_by(pilot: Pilot[None], drawn: list[str], key: str) -> None:
    """The menu settled, `key` pressed; what the app did from then on in `drawn`."""
    await settled(pilot)
    drawn.clear()
    await pilot.press(key)
    await settled(pilot)


async def test_the_puzzles_menu_opens_in_one_layout_and_one_frame(drawn: list[str]) -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, drawn, "p")
        assert isinstance(app.screen, PuzzleMenuScreen)
        assert drawn == ["layout PuzzleMenuScreen", "frame PuzzleMenuScreen"]
        assert app.focused is not None and app.focused.id == "puzzle-name"  # (no name yet)


@pytest.mark.parametrize(("key", "name"), [("c", "TournamentScreen"), ("o", "OnlineGamesScreen")])
async def test_the_class_and_online_menus_open_in_one_layout(
    drawn: list[str], key: str, name: str
) -> None:
    """Each in one layout. They were laid out three times."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, drawn, key)
        assert type(app.screen).__name__ == name
        layouts = [step for step in drawn if step.startswith("layout")]
        assert layouts == [f"layout {name}"]
        assert drawn[:2] == [f"layout {name}", f"frame {name}"]
        if isinstance(app.screen, TournamentScreen):
            assert app.focused is not None and app.focused.id == "t-name"  # (none kept yet)


@pytest.mark.parametrize("kept", [False, True])
async def test_the_class_menu_opens_in_one_frame(drawn: list[str], kept: bool) -> None:
    """Its list of tournaments is not drawn again as it is first sized (Textual's
    OptionList makes its lines again then, and draws them: a second, partial frame)."""
    from app.classroom.tournament import store
    from rules.tournament.course import new_tournament

    if kept:
        store.create(new_tournament("Class 5B", ["Ann", "Bo", "Cy"], "countdown"))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened_by(pilot, drawn, "c")
        assert isinstance(app.screen, TournamentScreen)
        assert drawn == ["layout TournamentScreen", "frame TournamentScreen"]
        assert app.focused is not None and app.focused.id == (
            "tournament-list" if kept else "t-name"
        )


@pytest.mark.parametrize("games", [3, 12])
async def test_the_saved_games_open_in_one_layout_and_one_frame(
    drawn: list[str], games: int
) -> None:
    """Read as the screen is composed, its list is focused as it shows (focused after, the
    list and the screen were restyled and drawn again) and not drawn again as it is first
    sized (mounting.DrawnOnceList): three frames before."""
    from app.store import storage
    from app.tui.replay import SavedGamesScreen
    from tests.app.test_tui_outside_text import finished_record

    for seed in range(games):
        storage.save_game(finished_record("countdown", ("Ann", "Bo"), seed=seed))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened_by(pilot, drawn, "g")
        assert isinstance(app.screen, SavedGamesScreen)
        assert drawn == ["layout SavedGamesScreen", "frame SavedGamesScreen"]
        assert app.focused is not None and app.focused.id == "saved-list"
