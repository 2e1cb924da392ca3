"""Challenging a classmate from the lobby: the game, then its options and the match with
the setup screen's own forms (`OptionsForm`, `MatchForm`: the same controls, the same
checks and words), sent as the flags of `play` (`app.hub.challenge.challenge_flags`),
which the hub reads back as it reads the line mode's `challenge NAME GAME --pool 1-12`.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Label, Static

from app.hub.challenge import challenge_flags
from app.match_session.setup import MATCH_FIELDS
from app.tui.choice_list import ChoiceList
from app.tui.dialogs import Dialog
from app.tui.match_form import MatchForm
from app.tui.options_form import OptionsForm
from app.tui.setup import enter_is_its_own, templates_of
from app.tui.styles import HUB_STYLES
from rules.base import GameOptions
from rules.match import MatchError, MatchState, new_match
from rules.registry import GAME_IDS, GAME_INFO, get_game
from rules.validation import first_problem
from widgets.keys_footer import KeysFooter

#: What the dialog answers: the game and its flags (None: not sent).
Chosen = tuple[str, list[str]] | None


class ChallengeDialog(Dialog[Chosen]):
    """Challenge `name`: the game, its options, the match (see the module's docstring)."""

    CSS_PATH = HUB_STYLES
    AUTO_FOCUS = "#challenge-game"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "send", "Send", key_display="⏎", priority=True),
        Binding("escape", "answer_none", "Cancel"),
    ]

    def __init__(self, name: str, game_id: str = GAME_IDS[0]) -> None:
        super().__init__(classes="dialog-screen")
        self.classmate = name
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with Vertical(id="challenge-box", classes="dialog"):
            yield Static(Content(f"Challenge {self.classmate}"), classes="dialog-title")
            with VerticalScroll(id="challenge-form", can_focus=False):
                with Horizontal(classes="field-row"):
                    yield Label("Game", classes="field-label")
                    games = [(GAME_INFO[game_id].name, game_id) for game_id in GAME_IDS]
                    yield ChoiceList(games, self.game_id, id="challenge-game")
                yield from self._forms()
            yield Static("", id="challenge-errors", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Send (Enter)", id="challenge-send", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="challenge-cancel", compact=True)
        yield KeysFooter()

    def _forms(self) -> ComposeResult:
        game = get_game(self.game_id)
        yield OptionsForm(
            game.Options, templates=templates_of(self.game_id), exclude=MATCH_FIELDS, id="options"
        )
        yield MatchForm(id="match")

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        self.query_one(OptionsForm).fill(get_game(self.game_id).Options())
        self.chosen()

    @on(ChoiceList.Changed, "#challenge-game")
    async def _game_changed(self, event: ChoiceList.Changed) -> None:
        event.stop()
        if not isinstance(event.value, str) or event.value == self.game_id:
            return
        self.game_id = event.value
        await self.query_one(OptionsForm).remove()
        await self.query_one(MatchForm).remove()
        await self.query_one("#challenge-form").mount_all(list(self._forms()))
        self._fill()

    @on(OptionsForm.Changed)
    @on(MatchForm.Changed)
    def _changed(self) -> None:
        self.chosen()

    def chosen(self) -> MatchState | None:
        """The match the forms choose (None: what is wrong is shown)."""
        options, general = self.query_one(OptionsForm).validate_options(1)
        match = None
        if isinstance(options, GameOptions):
            best_of, seconds = self.query_one(MatchForm).values()
            try:
                match = new_match(self.game_id, options, best_of, seconds)
            except MatchError as error:
                general = [*general, str(error)]
            except ValidationError as error:
                general = [*general, first_problem(error)[1]]
        errors = self.query_one("#challenge-errors", Static)
        errors.update("\n".join(general))
        errors.display = bool(general)
        self.query_one("#challenge-send", Button).disabled = match is None
        return match

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "send" and self.app.focused is not None:
            return not any(enter_is_its_own(node) for node in self.app.focused.ancestors_with_self)
        return True

    def action_send(self) -> None:
        match = self.chosen()
        if match is None:
            self.notify("Some options need fixing first (see the red lines).", severity="error")
            return
        self.answer((self.game_id, challenge_flags(match)))

    def action_answer_none(self) -> None:
        self.answer(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "challenge-send":
            self.action_send()
        else:
            self.answer(None)
