"""The Tournament screen (menu key `c`): the tournaments kept, and a form to make one from
a name, a roster, the game, the format and each pairing's match length.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from app.classroom.tournament import store
from app.store.stats import StatsError
from app.tui.choices import Choices
from app.tui.mounting import DrawnOnceList, StyledAsMounted
from app.tui.options_form import entry
from app.tui.styles import CLASSROOM_STYLES
from app.tui.tournament_report import ReportScreen, read_ahead
from rules.registry import GAME_IDS, GAME_INFO
from rules.tournament.course import new_tournament, read_roster
from rules.tournament.model import TournamentError
from widgets.keys_footer import KeysFooter


class TournamentScreen(StyledAsMounted, Screen[None]):
    """The tournaments on this machine, and a new one."""

    CSS_PATH = CLASSROOM_STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+r", "report", "Teacher's report"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="tournament-screen")

    def action_report(self) -> None:
        self.app.push_screen(ReportScreen())

    def compose(self) -> ComposeResult:
        yield Static("Class: tournaments", id="tournament-title")
        with Horizontal(id="tournament-body"):
            with Vertical(id="tournament-kept"):
                yield Static("Open one (Enter)", classes="tournament-heading")
                rows, problem = self.kept()
                listing = DrawnOnceList(*rows, id="tournament-list")
                # (the first focused as the screen shows, before its first frame: Textual
                # reads it per screen; a focus moved as it mounts restyles after that frame)
                if rows and rows[0].id != "none":
                    listing.highlighted = 0  # Enter opens the first at once
                    self.AUTO_FOCUS = "#tournament-list"  # type: ignore[misc]
                else:
                    self.AUTO_FOCUS = "#t-name"  # type: ignore[misc]
                yield listing
            with Vertical(id="tournament-form"):
                yield Static("A new tournament", classes="tournament-heading")
                yield entry(placeholder="its name, e.g. Class 5B spring", id="t-name")
                yield entry(placeholder="the players: Ann, Bo, Cy, …", id="t-roster")
                # (sets of choices, each one widget: a Select is a dozen of them, issue 37)
                games = [(GAME_INFO[g].name, g) for g in GAME_IDS]
                rotation = ("all five games, one a round in turn", "rotation")
                yield Choices([*games, rotation], GAME_IDS[0], id="t-game")
                formats = [("round robin: everyone meets everyone", "round-robin"),
                           ("Swiss: a set number of rounds", "swiss")]  # fmt: skip
                yield Choices(formats, "round-robin", id="t-format")
                yield entry(placeholder="Swiss: rounds (5 if left empty)", id="t-rounds")
                lengths = [("each pairing one game", 1), ("best of 3", 3), ("best of 5", 5)]
                yield Choices(lengths, 1, id="t-best-of")
                yield Button("Make the tournament", id="t-create", variant="primary")
                yield Static(Text(problem), id="t-message")
        yield KeysFooter()

    def on_screen_resume(self) -> None:
        read_ahead(self)  # (ctrl+r: the report whole at once; again when back here)

    def kept(self) -> tuple[list[Option], str]:
        """The tournaments kept as the list's rows, and why they cannot be read (or "")."""
        try:
            names = store.all_names()
        except StatsError as error:
            return [], f"The tournaments cannot be read: {error}"
        if not names:
            return [Option(Text("No tournaments yet"), id="none", disabled=True)], ""
        return [Option(Text(name), id=f"t{index}") for index, name in enumerate(names)], ""

    def refresh_list(self) -> None:
        listing = self.query_one("#tournament-list", OptionList)
        rows, problem = self.kept()
        listing.set_options(rows)
        if rows and rows[0].id != "none":
            listing.highlighted = 0
        self.say(problem)

    def say(self, message: str) -> None:
        self.query_one("#t-message", Static).update(Text(message))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        name = str(event.option.prompt)
        self.open(name)

    def open(self, name: str) -> None:
        from app.tui.tournament_rounds import TournamentRoundsScreen

        self.app.push_screen(TournamentRoundsScreen(name))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "t-create":
            self.create()

    def create(self) -> None:
        name = self.query_one("#t-name", Input).value
        roster = self.query_one("#t-roster", Input).value
        game = str(self.query_one("#t-game", Choices).value)
        rotation = GAME_IDS if game == "rotation" else ()
        game = GAME_IDS[0] if rotation else game
        format_ = self.query_one("#t-format", Choices).value
        rounds_text = self.query_one("#t-rounds", Input).value.strip()
        best_of = self.query_one("#t-best-of", Choices).value
        try:
            rounds = None
            if format_ == "swiss" and rounds_text:
                if not rounds_text.isdigit() or rounds_text.startswith("0"):
                    raise TournamentError("the rounds are a whole number, like 5")
                rounds = int(rounds_text)
            tournament = new_tournament(
                name,
                read_roster(roster),
                game,
                format="swiss" if format_ == "swiss" else "round-robin",
                rounds=rounds,
                best_of=best_of if isinstance(best_of, int) else 1,
                rotation=rotation,
            )
            store.create(tournament)
        except (TournamentError, StatsError) as error:
            self.say(str(error))
            return
        self.refresh_list()
        self.open(tournament.name)
