"""The menu: the five games (keys 1-5, arrows and Enter, or a click), rules and quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from rules.registry import GAME_IDS, get_game

LOGO = "E Q U A T I O N   D U E L"


def short_title(title: str) -> str:
    return title.removeprefix("Equation Duel: ")


class MenuScreen(Screen[None]):
    """Choose a game."""

    BINDINGS = [
        *(
            Binding(str(n), f"choose({n - 1})", f"{short_title(get_game(g).title)}", show=False)
            for n, g in enumerate(GAME_IDS, start=1)
        ),
        Binding("enter", "open", "Play", show=False),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="menu-screen")

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(LOGO, id="logo")
            yield Static("Five two-player arithmetic duels", id="tagline")
            options = []
            for number, game_id in enumerate(GAME_IDS, start=1):
                game = get_game(game_id)
                prompt = Text.assemble(
                    (f" {number}  ", "bold"),
                    (short_title(game.title), "bold"),
                    "\n    ",
                    (game.pitch, "italic"),
                )
                options.append(Option(prompt, id=game_id))
            yield OptionList(*options, id="games")
            with Horizontal(id="menu-buttons"):
                yield Button("Play (Enter)", id="play", variant="primary")
                yield Button("Rules (F1)", id="rules")
                yield Button("Quit (q)", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = 0
        games.focus()

    @property
    def highlighted_game(self) -> str:
        index = self.query_one("#games", OptionList).highlighted
        return GAME_IDS[index or 0]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option.id or GAME_IDS[0])

    def _open(self, game_id: str) -> None:
        open_setup = getattr(self.app, "open_setup", None)
        if open_setup is not None:
            open_setup(game_id)

    def action_choose(self, index: int) -> None:
        self.query_one("#games", OptionList).highlighted = index
        self._open(GAME_IDS[index])

    def action_open(self) -> None:
        self._open(self.highlighted_game)

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.highlighted_game))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play":
            self.action_open()
        elif event.button.id == "rules":
            self.action_rules()
        else:
            self.app.exit()
