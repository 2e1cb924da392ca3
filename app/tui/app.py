"""The Equation Duel app: `EquationDuelApp(game_id=None, options=None).run()`.

Without a game it opens the menu; with one it opens straight into that game with those
options (the menu underneath, for when the game is done).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import ValidationError
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType

from app.tui.dialogs import ConfirmDialog
from app.tui.session import DEFAULT_NAMES, GameSetup, Seat, clean_name
from app.tui.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

if TYPE_CHECKING:
    from app.tui.game_screen import GameScreen

#: The styles ship as the top-level `styles` folder, a sibling of the `app` package both
#: in the source tree and in site-packages.
STYLES = Path(__file__).resolve().parents[2] / "styles"
STYLE_FILES = ("app", "menu", "setup", "game", "boards", "dialogs", "rules")


def board_screen(game_id: str) -> type[GameScreen]:
    """The game screen class of `game_id` (its module is imported on first use)."""
    module = import_module(f"app.tui.boards.{game_id}")
    screen: type[GameScreen] = module.SCREEN
    return screen


class EquationDuelApp(App[None]):
    """Five two-player arithmetic duels."""

    TITLE = "Equation Duel"
    CSS_PATH = [STYLES / f"{name}.tcss" for name in STYLE_FILES]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", "Quit", priority=True, show=False),
        Binding("ctrl+q", "request_quit", "Quit", priority=True, show=False),
    ]
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        game_id: str | None = None,
        options: dict[str, Any] | None = None,
        moves: list[str] | None = None,
        *,
        names: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.start_game_id = game_id
        self.start_options = dict(options or {})
        self.start_moves = list(moves or [])
        self.start_names = names or DEFAULT_NAMES

    def on_mount(self) -> None:
        from app.tui.menu import MenuScreen

        self.push_screen(MenuScreen())
        if self.start_game_id is not None:
            self._open_start_game(self.start_game_id)
        self.call_after_refresh(self.check_size)

    def _open_start_game(self, game_id: str) -> None:
        seats = (
            Seat(clean_name(self.start_names[0], 1)),
            Seat(clean_name(self.start_names[1], 2)),
        )
        try:
            setup = GameSetup.default(game_id, self.start_options)
        except ValidationError as error:
            problems = "; ".join(e["msg"].removeprefix("Value error, ") for e in error.errors())
            self.open_setup(game_id, GameSetup(game_id, GameSetup.default(game_id).options, seats))
            self.notify(f"Those options cannot be used: {problems}", severity="error", timeout=8)
            return
        self.start_game(GameSetup(game_id, setup.options, seats), self.start_moves)

    # Navigation (screens call these)

    def open_setup(
        self, game_id: str, setup: GameSetup | None = None, replace: bool = False
    ) -> None:
        from app.tui.setup import SetupScreen

        screen = SetupScreen(game_id, setup)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start_game(self, setup: GameSetup, moves: list[str] | None = None) -> None:
        """Open the game's screen; `moves` (notation) are played first, as if typed."""
        from app.tui.setup import SetupScreen

        screen = board_screen(setup.game_id)(setup, moves)
        if isinstance(self.screen, SetupScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def go_menu(self) -> None:
        from app.tui.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    # Quitting

    def game_in_progress(self) -> bool:
        from app.tui.game_screen import GameScreen

        return any(isinstance(s, GameScreen) and s.in_progress for s in self.screen_stack)

    def action_request_quit(self) -> None:
        if not self.game_in_progress() or isinstance(self.screen, ConfirmDialog):
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(
            ConfirmDialog("Quit Equation Duel?", "The game in progress will be lost.", "Quit"),
            answer,
        )

    # The minimum size

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
        elif small and isinstance(top, TooSmallScreen):
            top.refresh_message()
