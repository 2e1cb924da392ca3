"""Puzzles from the menu: a name (to be rated), a game (or any) and a difficulty; Enter
opens a puzzle on the game's board, `d` the puzzle of the day.

Keys: Tab between the fields, the arrows and Space within a choice, Enter to start, `d`
for the daily puzzle (outside the name field), Escape back. Every choice is clickable.
"""

from __future__ import annotations

import datetime as dt
import weakref
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from app.tui.mounting import gone
from app.tui.puzzle_mode import CONQUEST_NOTE, puzzle_screen
from app.tui.session import clean_name
from app.tui.styles import PUZZLE_STYLES
from rules.puzzles.model import Difficulty
from rules.registry import GAME_IDS, GAME_INFO
from widgets.keys_footer import KeysFooter

#: The name last typed on the puzzle menu, per running app (offered again next time).
_PLAYERS: weakref.WeakKeyDictionary[App[Any], str] = weakref.WeakKeyDictionary()

DIFFICULTY_NAMES: tuple[Difficulty, ...] = ("easy", "medium", "hard")

#: The screens' sheets and the puzzles' own.


def short(game_id: str) -> str:
    return GAME_INFO[game_id].title.removeprefix("Equation Duel: ")


class PuzzleMenuScreen(Screen[None]):
    """Choose a puzzle: the player, the game and the difficulty."""

    CSS_PATH = PUZZLE_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", key_display="⏎", priority=True),
        Binding("d", "daily", "Daily puzzle"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="puzzle-menu-screen")

    def compose(self) -> ComposeResult:
        yield Static(Text("Puzzles · find the winning move", style="bold"), id="puzzle-title")
        with VerticalScroll(id="puzzle-form"):
            with Horizontal(classes="field-row"):
                yield Label("Your name", classes="field-label")
                yield Input(
                    _PLAYERS.get(self.app, ""),
                    placeholder="name yourself to be rated",
                    id="puzzle-name",
                    max_length=16,
                )
            with Horizontal(classes="field-row"):
                yield Label("Game", classes="field-label")
                with RadioSet(id="puzzle-game", compact=True):
                    yield RadioButton("Any game", id="pg-any", value=True)
                    for game_id in GAME_IDS:
                        yield RadioButton(short(game_id), id=f"pg-{game_id}")
            with Horizontal(classes="field-row"):
                yield Label("Difficulty", classes="field-label")
                with RadioSet(id="puzzle-difficulty", compact=True):
                    for name in DIFFICULTY_NAMES:
                        yield RadioButton(name, id=f"pd-{name}", value=name == "easy")
            yield Static(Text(CONQUEST_NOTE), id="puzzle-note")
            with Horizontal(id="puzzle-buttons"):
                yield Button("Start (Enter)", id="puzzle-start", variant="primary")
                yield Button("Daily puzzle (d)", id="puzzle-daily")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted, or the app is closing
            return
        self.query_one("#puzzle-note").display = False
        self.query_one("#puzzle-game", RadioSet).focus()

    # What is chosen

    def chosen_game(self) -> str | None:
        pressed = self.query_one("#puzzle-game", RadioSet).pressed_button
        game_id = (pressed.id or "pg-any").removeprefix("pg-") if pressed else "any"
        return None if game_id == "any" else game_id

    def chosen_difficulty(self) -> Difficulty:
        pressed = self.query_one("#puzzle-difficulty", RadioSet).pressed_button
        name = (pressed.id or "pd-easy").removeprefix("pd-") if pressed else "easy"
        return next((difficulty for difficulty in DIFFICULTY_NAMES if difficulty == name), "easy")

    def player(self) -> str:
        typed = self.query_one("#puzzle-name", Input).value
        _PLAYERS[self.app] = typed  # offered again next time, while the app runs
        return clean_name(typed, 1)

    @on(RadioSet.Changed, "#puzzle-game")
    def _game_changed(self) -> None:
        self.query_one("#puzzle-note").display = self.chosen_game() == "conquest"

    # Starting

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # `d` is typed into the name while the name has the focus
        return not (action == "daily" and isinstance(self.focused, Input))

    def action_start(self) -> None:
        from rules.puzzles.bank import pick

        puzzle = pick(self.chosen_game(), None, self.chosen_difficulty())
        self.app.push_screen(puzzle_screen(puzzle)(puzzle, self.player()))

    def action_daily(self) -> None:
        from rules.puzzles.bank import daily

        today = dt.date.today()
        puzzle = daily(today)
        screen = puzzle_screen(puzzle)(puzzle, self.player(), daily=today.isoformat())
        self.app.push_screen(screen)

    @on(Button.Pressed, "#puzzle-start")
    def _start_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    @on(Button.Pressed, "#puzzle-daily")
    def _daily_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_daily()
