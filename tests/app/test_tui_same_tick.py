"""Every screen and dialog survives being pushed and popped (or replaced) in the same
tick, before it has mounted (issue 10, item 11: `NoMatches` in `on_mount`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.screen import Screen

from app.match_session.setup import GameSetup
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp, board_screen
from app.tui.dialogs import ConfirmDialog, GameOverDialog, RoundOverDialog
from app.tui.record_dialogs import ExportDialog, RoundChoiceDialog
from app.tui.replay import SavedGamesScreen
from app.tui.rules_screen import RulesScreen
from app.tui.setup import SetupScreen
from app.tui.stats_screen import StatsScreen
from app.tui.too_small import TooSmallScreen
from app.tui.unfinished_list import UnfinishedDialog, UnfinishedGame
from rules.records import record_from_moves
from rules.registry import GAME_IDS
from tests.app.tui_support import SIZE

Factory = Callable[[], Screen[object]]


def factories(every_game: bool) -> list[tuple[str, Factory]]:
    """Every screen and dialog: each game's board; the setup, rules and analysis of one
    game (the same class for every game), or of every game when `every_game`."""
    match = record_from_moves("conquest", None, ["5", "2", "3", "6", "2", "3"], best_of=3)
    unfinished = record_from_moves("fifty", None, ["6*7"])
    made: list[tuple[str, Factory]] = []
    for game_id in GAME_IDS:
        made.append((f"game {game_id}", lambda g=game_id: board_screen(g)(GameSetup.make(g))))
        if every_game or game_id == "template":
            made += [
                (f"setup {game_id}", lambda g=game_id: SetupScreen(g)),
                (f"rules {game_id}", lambda g=game_id: RulesScreen(g)),
                (f"analysis {game_id}", lambda g=game_id: AnalysisScreen(g, None, [], ("A", "B"))),
            ]
    made += [
        ("saved games", SavedGamesScreen),
        ("statistics", StatsScreen),
        ("too small", TooSmallScreen),
        ("confirm", lambda: ConfirmDialog("Leave?", "detail")),
        ("game over", lambda: GameOverDialog("Ann", 1, "a reason", 3)),
        ("round over", lambda: RoundOverDialog("Ann", 1, "a reason", "1–0", "Bob")),
        ("export", lambda: ExportDialog(Path("x.json"))),
        (
            "unfinished",
            lambda: UnfinishedDialog([UnfinishedGame(Path("u.json"), unfinished)], bool),
        ),
        ("round choice", lambda: RoundChoiceDialog(match)),
    ]
    return made  # type: ignore[return-value]


@pytest.mark.parametrize(
    "every_game", [False, pytest.param(True, marks=pytest.mark.soak)], ids=["one", "every"]
)
async def test_every_screen_pushed_and_popped_in_the_same_tick(every_game: bool) -> None:
    app = EquationDuelApp()
    made = factories(every_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        base = len(app.screen_stack)
        for name, make in made:
            app.push_screen(make())
            app.pop_screen()
            await pilot.pause()
            assert len(app.screen_stack) == base, name
        shifted = made[1:] + made[:1]
        for (name, make), (_, then), (_, last) in zip(made, shifted, made[::-1], strict=True):
            app.push_screen(make())  # pushed, then another on it, then that one replaced
            app.push_screen(then())
            app.switch_screen(last())
            app.pop_screen()
            app.pop_screen()
            await pilot.pause()
            assert len(app.screen_stack) == base, name
        await pilot.pause()
