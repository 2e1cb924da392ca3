"""The game's own commands in the command palette (ctrl+p), before Textual's, each offered
where it applies now (a hint only while a person is to move); on the menu, the keys its
footer has no room for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from app.tui.menu import MenuScreen
from app.tui.navigation import navigator
from rules.registry import GAME_IDS, GAME_INFO


def game_commands(app: App[Any], screen: Screen[Any]) -> Iterator[SystemCommand]:
    from app.tui.game_screen import GameScreen  # (when opened)

    game = screen if isinstance(screen, GameScreen) else None
    for game_id in GAME_IDS:
        title = GAME_INFO[game_id].name
        yield SystemCommand(
            f"New game: {title}",
            f"Set up a new game of {title}",
            _new_game(app, game_id),
        )
    rules = getattr(screen, "action_rules", None)
    if callable(rules):
        yield SystemCommand("Rules", "Read the rules of this game", rules)
    if game is not None:
        if game.check_action("hint", ()):
            yield SystemCommand("Hint", "The best move for the player to move", game.action_hint)
        if game.check_action("undo", ()):
            yield SystemCommand("Undo", "Take back the last move", game.action_undo)
        yield SystemCommand("Save", "Save this game in the saves folder", game.action_save)
    statistics = functools.partial(MenuScreen.action_statistics, screen)  # (imported then)
    yield SystemCommand("Statistics", "Results of the games played", statistics)
    for action, title, help_text in (
        ("online", "Play a friend online (o)", "Host a game or join a friend's game"),
        ("tournament", "Tournament (c)", "A class's tournament: roster, rounds, standings"),
    ):
        act = getattr(screen, f"action_{action}", None)
        if callable(act):
            yield SystemCommand(title, help_text, act)


def _new_game(app: App[Any], game_id: str) -> Callable[[], None]:
    def start() -> None:
        ways = navigator(app)
        if ways is None:
            return
        if ways.game_in_progress():
            ways.autosave()
            app.notify("The game in progress is kept: the menu offers to resume it next time.")
        ways.go_menu()
        ways.open_setup(game_id)

    return start
