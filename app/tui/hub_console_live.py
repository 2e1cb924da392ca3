"""The teacher's form for live rounds on the full-screen console (`l`): the game, the
difficulty, the seconds a round, how many rounds, the speed bonus and whether the
projector shows names; Start sends the line console's own command (`live GAME
DIFFICULTY SECONDS [COUNT] [--speed-bonus] [--names]`, read and checked by
`app.hub.live_words.read_live`, whose words say what is wrong), Stop sends `live stop`.
The console runs what the form answers as a typed command (`app.hub.console`).
"""

from __future__ import annotations

from typing import ClassVar, get_args

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Label, Static

from app.hub.live import MAX_ROUNDS, MAX_SECONDS, MIN_SECONDS
from app.hub.live_words import read_live
from app.tui.choice_list import ChoiceList
from app.tui.dialogs import Dialog
from rules.puzzles.model import Difficulty
from rules.registry import GAME_IDS, GAME_INFO

#: The form's first values (the line console's example: `live template easy 30 5`).
SECONDS, COUNT = 30, 5
#: The form's keys (the console's footer is under it).
KEYS = "Tab: the next field · Enter in a number: start · Esc: cancel"


class LiveDialog(Dialog[str | None]):
    """The live rounds' form (see the module's docstring): it answers the command, or
    None (Esc)."""

    AUTO_FOCUS = "#live-game"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer_none", "Cancel"),
    ]

    def __init__(self, running: bool = False) -> None:
        """`running`: a live session is on (Stop is offered first)."""
        super().__init__(classes="live-screen")
        self.running = running

    def compose(self) -> ComposeResult:
        games = [(GAME_INFO[game_id].name, game_id) for game_id in GAME_IDS]
        levels = [(level.capitalize(), level) for level in get_args(Difficulty)]
        with Vertical(id="live-box"):
            yield Static(Content("Live rounds for the class"), id="live-title")
            with Horizontal(classes="live-row"):
                yield Label("Game", classes="live-label")
                yield ChoiceList(games, "template", id="live-game")
            with Horizontal(classes="live-row"):
                yield Label("Difficulty", classes="live-label")
                yield ChoiceList(levels, "easy", id="live-difficulty")
            with Horizontal(classes="live-row"):
                yield Label(f"Seconds ({MIN_SECONDS}–{MAX_SECONDS})", classes="live-label")
                yield Input(
                    str(SECONDS), id="live-seconds", type="integer", max_length=4, compact=True
                )
            with Horizontal(classes="live-row"):
                yield Label(f"Rounds (1–{MAX_ROUNDS})", classes="live-label")
                yield Input(str(COUNT), id="live-count", type="integer", max_length=3, compact=True)
            yield Checkbox(
                "Speed bonus (faster right answers score more)", id="live-speed", compact=True
            )
            yield Checkbox("Names on the projector", id="live-names", compact=True)
            yield Static("", id="live-problem")
            yield Static(Content(KEYS), id="live-keys")
            with Horizontal(id="live-buttons"):
                yield Button("Start", id="live-start", variant="primary", compact=True)
                yield Button("Stop the session", id="live-stop", compact=True)
                yield Button("Cancel (Esc)", id="live-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#live-stop", Button).disabled = not self.running
        self.query_one("#live-problem", Static).display = False

    def command(self) -> str:
        """The line console's command for what the form says."""
        game = self.query_one("#live-game", ChoiceList).value
        difficulty = self.query_one("#live-difficulty", ChoiceList).value
        seconds = self.query_one("#live-seconds", Input).value.strip() or "?"
        count = self.query_one("#live-count", Input).value.strip() or "?"
        words = ["live", str(game), str(difficulty), seconds, count]
        if self.query_one("#live-speed", Checkbox).value:
            words.append("--speed-bonus")
        if self.query_one("#live-names", Checkbox).value:
            words.append("--names")
        return " ".join(words)

    def action_start(self) -> None:
        """Start: the command when the console would take it, else what is wrong."""
        command = self.command()
        read = read_live(command.removeprefix("live "))
        if isinstance(read, str):
            problem = self.query_one("#live-problem", Static)
            problem.update(Content(read))
            problem.display = True
            return
        self.answer(command)

    def action_answer_none(self) -> None:
        self.answer(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "live-start":
            self.action_start()
        elif event.button.id == "live-stop":
            self.answer("live stop")
        else:
            self.answer(None)
