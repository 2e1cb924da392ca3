"""Setup: player names, who starts, human or computer, the match and clock, and the game's
variant options."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from app.match_session.setup import MATCH_FIELDS, MAX_NAME, GameSetup, Seat
from app.store import settings
from app.tui.choice_list import ChoiceList
from app.tui.choices import Choices
from app.tui.match_form import MatchForm
from app.tui.mounting import StyledAsMounted, gone, on_top, scrolls_from_the_start, while_shown
from app.tui.navigation import navigator
from app.tui.options_form import FieldRow, OptionsForm, compact, entry, say
from app.tui.players import LEVELS, TypedNames
from app.tui.preload import preload_board
from app.tui.preset_words import preset_words
from app.tui.setup_memory import remember_names, remember_setup, remembered_setup
from app.tui.styles import SCREEN_STYLES
from rules.base import GameOptions, PlayerNo
from rules.games import VARIANTS
from rules.match import MatchError, new_match
from rules.names import same_name
from rules.registry import GAME_INFO, get_game
from rules.template import TEMPLATES
from widgets.keys_footer import KeysFooter

CUSTOM_PRESET = "(custom)"
#: The players' names' colours, as the game shows them.
SEAT_COLOURS = ("$primary", "$accent")
MORE_BELOW = "More options below ↓ (scroll, or Tab through them)"


def templates_of(game_id: str) -> tuple[str, ...]:
    """The templates a game offers to choose from (only the template game has any)."""
    return TEMPLATES if game_id == "template" else ()


def enter_is_its_own(node: DOMNode) -> bool:
    """Whether Enter on `node` does something of its own rather than start the game: on a
    button it presses that button (an open list of choices is a screen of its own)."""
    return isinstance(node, Button)


class SetupForm(VerticalScroll, can_focus=False):
    """The setup's fields, and the line `more` under them saying while there are more below
    (at 80×24 the form scrolls). Not a stop of its own for Tab (nothing would show it
    focused): it scrolls to the field Tab moves to. The line keeps its row either way:
    showing it never changes the form's height (which could bring the last option in and
    out of view, again and again)."""

    def __init__(self, more: Static, id: str) -> None:
        super().__init__(id=id)
        self.more = more

    def _say_more(self) -> None:
        words = MORE_BELOW if self.scroll_y < self.max_scroll_y else ""
        if self.more.content != words:
            self.more.update(words, layout=False)

    def on_resize(self) -> None:  # (laid out: its size and its fields' are set)
        self._say_more()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_more()


class SetupScreen(StyledAsMounted, Screen[None]):
    """Set up one game; Enter (or Start) begins from any field, except in an open list,
    where it chooses; Escape goes back to the menu."""

    CSS_PATH = SCREEN_STYLES
    # The first name box, named: left to Textual, the first focusable widget would be the
    # form's scroll area, focused and then blurred, restyling the whole form twice.
    AUTO_FOCUS = "#name-1"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", show=False),
        Binding("enter", "start", "Start", key_display="⏎", priority=True),
        Binding("f1", "rules", "Rules"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_id: str, setup: GameSetup | None = None) -> None:
        super().__init__(classes="setup-screen")
        self.game_id = game_id
        self.game = get_game(game_id)
        self.initial = setup or remembered_setup(game_id)
        self.variants = dict(VARIANTS[game_id])
        self.typed = TypedNames(self.initial.seats, settings.names())

    def compose(self) -> ComposeResult:
        title = GAME_INFO[self.game_id].name
        yield Static(Text.assemble(("New game · ", "bold"), (title, "bold")), id="setup-title")
        yield Static(Text(self.game.pitch), id="setup-pitch")
        more = Static("", id="more-options")
        with SetupForm(more, id="setup-form"):
            yield Static(
                "Players: each a person (Human) or the computer at a level", classes="section"
            )
            for player in (1, 2):
                yield from self._seat_row(player)
            with FieldRow("Who starts"):
                names = [seat.name for seat in self.initial.seats]
                yield Choices(zip(names, (1, 2), strict=True), self.initial.first, id="first")
            yield Static("Variant", classes="section")
            with FieldRow("Preset"):
                choices = [(preset_words(options), name) for name, options in self.variants.items()]
                choices.append(("Your own: set each option below", CUSTOM_PRESET))
                chosen = self._preset_of(self.initial.options)
                yield ChoiceList(choices, chosen, id="preset")
            yield OptionsForm(
                self.game.Options,
                templates=templates_of(self.game_id),
                exclude=MATCH_FIELDS,
                id="options",
            )
            yield Static("Match", classes="section")
            yield MatchForm(
                self.initial.best_of,
                self.initial.turn_seconds,
                self.initial.takebacks,
                id="match",
            )
            yield Static("", id="setup-errors", markup=False)
        yield more
        with Horizontal(id="setup-buttons"):
            yield compact(Button("Start (Enter)", id="start", variant="primary"))
            yield compact(Button("Rules (F1)", id="rules"))
            yield compact(Button("Back (Esc)", id="back"))
        yield KeysFooter()

    def _seat_row(self, player: PlayerNo) -> ComposeResult:
        """The name, then who plays: Human or a computer level, one set of choices (so
        the Tab order is the same whoever plays)."""
        seat = self.initial.seats[player - 1]
        with FieldRow(f"Player {player}", f"bold {SEAT_COLOURS[player - 1]}", classes="seat"):
            yield entry(value=seat.name, id=f"name-{player}", classes="name", max_length=MAX_NAME)
            kinds = [("Human", "human"), *((level.capitalize(), level) for level in LEVELS)]
            chosen = seat.level if seat.kind == "computer" else "human"
            yield Choices(kinds, chosen, id=f"seat-{player}")

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted
            return
        with self.prevent(Input.Changed, Choices.Changed):  # (validated once, below)
            self._fill(self.initial.options)
        self._validate()
        form = self.query_one(SetupForm)
        if scrolls_from_the_start(form):  # (said before the first frame: not drawn twice)
            form.more.update(MORE_BELOW, layout=False)
        # Once drawn: importing the board (about 30 ms, a thread holding the interpreter)
        # while the screen is laid out made the screen itself that much later.
        self.call_after_refresh(preload_board, self.app, self.game_id)

    def _ready(self, action: Callable[[], None]) -> bool:
        """Whether a key's `action` (start, back, the rules) runs now: only on the screen
        on top (keys queued behind the one that left it still reach it), and once all its
        widgets have mounted. One that comes sooner (right behind the key that opened the
        setup) is asked again from the screen's own queue, which runs once they have:
        leaving the screen while its widgets mount fails inside Textual (a `Select` finds
        no overlay), issue 29."""
        if not on_top(self):
            return False
        if not self.is_mounted:
            self.call_later(action)
            return False
        return True

    def _fill(self, options: GameOptions) -> None:
        self.query_one(OptionsForm).fill(options)

    @property
    def first(self) -> PlayerNo:
        return 2 if self.query_one("#first", Choices).value == 2 else 1

    def _validate(self) -> GameOptions | None:
        """The options (with the match settings in them for a game that has its own), or
        None; the problems are shown."""
        options, general = self.query_one(OptionsForm).validate_options(self.first)
        if isinstance(options, GameOptions):
            best_of, seconds = self.query_one(MatchForm).values()
            try:
                match = new_match(self.game_id, options, best_of, seconds)
                options = self.game.options_from(match.options)
            except MatchError as error:
                general = [*general, str(error)]
                options = None
        say(self.query_one("#setup-errors", Static), "\n".join(general))
        self.query_one("#start", Button).disabled = options is None
        return options if isinstance(options, GameOptions) else None

    @on(OptionsForm.Changed)
    @on(MatchForm.Changed)
    @while_shown  # (the forms' messages come also as the app closes while the setup mounts)
    def _options_changed(self) -> None:
        self._match_preset()

    def _preset_of(self, options: GameOptions | None) -> str:
        return next((n for n, o in self.variants.items() if o == options), CUSTOM_PRESET)

    def _match_preset(self) -> None:
        preset = self.query_one("#preset", ChoiceList)
        name = self._preset_of(self._validate())
        if preset.value != name:
            with preset.prevent(ChoiceList.Changed):
                preset.value = name

    @on(ChoiceList.Changed, "#preset")
    @while_shown
    def _preset_chosen(self, event: ChoiceList.Changed) -> None:
        event.stop()
        options = self.variants.get(str(event.value))
        if options is None:
            return
        self._fill(options)
        self.query_one("#first", Choices).value = options.first
        rounds = getattr(options, "rounds_to_win", None)
        if rounds is not None:  # the game's own match settings (the template game)
            with self.query_one(MatchForm).prevent(MatchForm.Changed):
                self.query_one(MatchForm).fill(
                    2 * rounds - 1, getattr(options, "turn_seconds", None)
                )
        self._validate()

    @on(Choices.Changed, "#first")
    @while_shown
    def _first_changed(self, event: Choices.Changed) -> None:
        event.stop()
        self._match_preset()

    @on(Choices.Changed, "#seat-1, #seat-2")
    @while_shown
    def _seat_changed(self, event: Choices.Changed) -> None:
        """A computer's box shows its name; a person's, what was typed for them."""
        event.stop()
        first, second = (self.query_one(f"#name-{player}", Input) for player in (1, 2))
        shown = self.typed.shown((first.value, second.value), (self._level(1), self._level(2)))
        for box, name in zip((first, second), shown, strict=True):
            if box.value != name:
                box.value = name

    def _level(self, player: PlayerNo) -> str | None:
        kind = self.query_one(f"#seat-{player}", Choices).value
        return None if kind == "human" else str(kind)

    @on(Input.Changed, ".name")
    @while_shown
    def _name_changed(self, event: Input.Changed) -> None:
        event.stop()
        first = self.query_one("#first", Choices)
        if [self.query_one(f"#name-{n}", Input).value for n in (1, 2)] == first.labels:
            return  # (as they were composed: the choices say them already)
        for index, seat in enumerate(self.seats()):
            # A name is outside text: shown as typed, never read as markup ("hh2[/").
            first.relabel(index, seat.name)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        getattr(self, f"action_{event.button.id}")()  # (start, rules, back)

    def seats(self) -> tuple[Seat, Seat]:
        first, second = (self.query_one(f"#name-{player}", Input).value for player in (1, 2))
        return self.typed.seats((first, second), (self._level(1), self._level(2)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter starts from any field (space toggles a switch or a box, the arrows choose
        # in a set of choices, space or the arrows open a list), but never from inside an
        # open list, where it chooses; and on a button it presses that button.
        if action == "start" and self.app.focused is not None:
            return not any(enter_is_its_own(node) for node in self.app.focused.ancestors_with_self)
        return True

    def action_start(self) -> None:
        # Enter (and ctrl+s) queued behind an Enter that has started the game reach this
        # screen after it has gone (as `Input.Submitted`): they would start a second game.
        if not self._ready(self.action_start):
            return
        options = self._validate()
        if options is None:
            self.notify("Some options need fixing first (see the red lines).", severity="error")
            return
        form = self.query_one(MatchForm)
        best_of, seconds = form.values()
        app = navigator(self.app)
        if app is not None:
            seats = self.seats()
            if same_name(seats[0].name, seats[1].name):  # RULINGS.md: never a shared name
                self.notify(
                    f"Both players are called {seats[0].name}: two players may not share "
                    "a name. Change one of them.",
                    severity="error",
                    markup=False,
                )
                return
            setup = GameSetup(self.game_id, options, seats, best_of, seconds, form.takebacks())
            self.remember(setup)
            app.start_game(setup)

    def remember(self, setup: GameSetup) -> None:
        """Keep the names for every game's next setup, and this setup for this game's
        next one and the menu's "Play again"."""
        try:
            remember_names(setup.seats)
            remember_setup(setup)
        except OSError as error:
            self.notify(
                f"This setup will not be remembered: {error.strerror or error}",
                severity="warning",
            )

    def action_back(self) -> None:
        if self._ready(self.action_back):  # (else `dismiss` closes the screen on top)
            self.dismiss()

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen  # (when opened)

        if self._ready(self.action_rules):
            self.app.push_screen(RulesScreen(self.game_id))
