"""The Equation Duel app: the menu (offering games left unfinished), or straight into a
given game or record with the menu underneath; the navigation screens call (it is a
`app.tui.navigation.Navigator`). What it does beyond that is in modules of its own, each
called from a method here (start_up, resume, palette, quitting, too_small)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from app.store import keep_writer
from app.tui import collector
from app.tui.boards import board_screen
from app.tui.styles import MENU_STYLES
from app.tui.themes import register_themes
from app.tui.too_small import check_size

# The menu needs none of the rules, pydantic or the records: imported where used.
if TYPE_CHECKING:
    from app.match_session.puzzle import PuzzleReferee
    from app.match_session.setup import GameSetup
    from rules.records import GameRecord


class EquationDuelApp(App[None]):
    """Five two-player arithmetic duels."""

    TITLE = "Equation Duel"
    CSS_PATH = MENU_STYLES
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
        levels: tuple[str | None, str | None] = (None, None),
        best_of: int | None = None,
        turn_seconds: int | None = None,
        record: GameRecord | None = None,
    ) -> None:
        """`record`: a checked game record to resume (or replay, finished); `levels`: the
        computer's level in each seat (None: a person)."""
        super().__init__()
        register_themes(self, (self.theme,))  # its colours from the start (the others later)
        self.stylesheet.set_variables(self.get_css_variables())  # (nothing is parsed yet)
        self.start_game_id = game_id
        self.start_options = dict(options or {})
        self.start_moves = list(moves or [])
        self.start_names = names or ("Player 1", "Player 2")
        self.start_levels = levels
        self.start_best_of = best_of
        self.start_turn_seconds = turn_seconds
        self.start_record = record

    def action_change_theme(self) -> None:
        """(A `t` typed before the first frame registered them finds every theme too.)"""
        register_themes(self)
        super().action_change_theme()

    def get_default_screen(self) -> Screen[Any]:
        from app.tui.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        from app.tui import preload, resume
        from app.tui.theme_memory import remember_theme

        remember_theme(self)  # (the first frame is drawn in it)
        if self.start_record is not None:
            self.start_keeping()
            self.open_record(self.start_record)
        elif self.start_game_id is not None:
            from app.tui.start_up import open_given_game

            self.start_keeping()
            open_given_game(self, self.start_game_id)
        else:  # the menu keeps nothing: once drawn
            self.call_after_refresh(self.start_keeping)
        if self.start_record is not None or self.start_game_id is not None:
            self.call_after_refresh(preload.settle_game_start, self)
        else:
            self.call_after_refresh(resume.offer_resume, self)  # after the menu is drawn
            self.call_after_refresh(preload.preload, self)
        self.call_after_refresh(self.check_size)
        self.call_after_refresh(collector.watch, self)  # (off until the first frame)

    def start_keeping(self) -> None:
        """Clear a killed save's leftovers, check games can be kept, and end on signals as
        quitting does."""
        from app.store.data_folder import clean_stale_temporaries
        from app.tui.quitting import catch_signals
        from app.tui.resume import start_saving

        clean_stale_temporaries()
        start_saving(self)
        catch_signals(self)

    def offer_resume(self) -> None:
        from app.tui.resume import offer_resume

        offer_resume(self)

    def open_record(self, record: GameRecord) -> None:
        from app.tui.resume import open_record

        open_record(self, record)

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
        from app.tui.setup import SetupScreen

        screen = board_screen(setup.game_id)(setup, moves)
        if isinstance(self.screen, SetupScreen):
            from app.tui.drawn_once import replace_quietly

            replace_quietly(self, screen)
        else:
            self.push_screen(screen)

    def open_puzzle(self, referee: PuzzleReferee, replace: bool = False) -> None:
        from app.tui.puzzle_mode import puzzle_screen

        screen = puzzle_screen(referee)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def go_menu(self) -> None:
        from app.tui.menu import MenuScreen
        from app.tui.navigation import Home

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen | Home):
            self.pop_screen()

    def action_command_palette(self) -> None:
        """Textual's palette with safe page keys (app.tui.command_palette): one at a time,
        and none over the too-small screen (a second one was a DuplicateIds crash)."""
        from app.tui.command_palette import GamePalette
        from app.tui.too_small import TooSmallScreen

        shown = (GamePalette, TooSmallScreen)
        if self.use_command_palette and not any(isinstance(s, shown) for s in self.screen_stack):
            self.push_screen(GamePalette(id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's list of themes, in the palette whose page keys are safe."""
        from textual.theme import ThemeProvider

        from app.tui.command_palette import GamePalette
        from app.tui.too_small import TooSmallScreen

        if not isinstance(self.screen, TooSmallScreen):
            self.push_screen(GamePalette([ThemeProvider], placeholder="Search for themes…"))

    def action_show_help_panel(self) -> None:
        """Not once the app is closing: its screen is gone (`MountError`)."""
        if self.is_running and not self._exit:
            super().action_show_help_panel()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from app.tui.palette import game_commands

        yield from game_commands(self, screen)
        yield from super().get_system_commands(screen)

    def game_in_progress(self) -> bool:
        from app.tui.quitting import game_in_progress

        return game_in_progress(self)

    def action_request_quit(self) -> None:
        from app.tui.quitting import request_quit

        request_quit(self)

    def on_exit_app(self) -> None:
        """However the app ends (`serve` may ask it from outside), the game in progress is
        kept and no search's helper process outlives it."""
        search_process = sys.modules.get("app.process.search_process")  # (not loaded: no helper)
        if search_process is not None:
            search_process.end_all()
        self.autosave()

    def on_unmount(self) -> None:
        from app.store.unfinished import release_all
        from app.tui.quitting import let_signals_go

        let_signals_go()
        release_all()
        collector.release()

    def autosave(self) -> None:
        from app.tui.quitting import autosave_games

        autosave_games(self)

    def _handle_exception(self, error: Exception) -> None:
        """A crash keeps the game in progress first (exit code 1)."""
        with contextlib.suppress(Exception):  # the report of the first error matters more
            self.autosave()
        super()._handle_exception(error)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        keep_writer.wait()  # a move on the screen is a move kept
        super()._display(screen, renderable)

    async def on_event(self, event: events.Event) -> None:
        # Keys queued behind the one that quit would act on screens already taken down
        # (ScreenStackError, NoMatches): the player has quit, none is looked at.
        if isinstance(event, events.InputEvent) and (not self.is_running or self._exit):
            return
        if isinstance(event, events.InputEvent):
            collector.busy()
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        check_size(self)


if TYPE_CHECKING:
    from app.tui.navigation import Navigator

    def _is_a_navigator(app: EquationDuelApp) -> Navigator:
        return app  # (mypy checks the app has every way a screen may ask for)


def run_record_file(path: Path, game_id: str | None = None, moves: str = "") -> int:
    """`equation-duel play [GAME] --load FILE`: exit code 2, said on standard error, when
    the file cannot be used."""
    from app.store import storage
    from rules.records import RecordError

    problem: str | None = None
    record: GameRecord | None = None
    if moves.strip():
        problem = "--moves cannot be used with --load (the record has its moves)"
    else:
        try:
            record = storage.load_record(path)
        except RecordError as error:
            problem = f"--load: {error}"
        else:
            if game_id is not None and game_id != record.game:
                problem = f"--load: {path} holds a game of {record.game}, not {game_id}"
    if problem is not None or record is None:
        print(f"equation-duel: error: {problem}", file=sys.stderr)
        return 2
    return run_app(EquationDuelApp(record=record))


def run_app(app: EquationDuelApp) -> int:
    """Run the app; its exit code. What the player must still read is printed after."""
    from app.tui.quitting import say_at_exit

    try:
        app.run()
    finally:
        collector.release()
        say_at_exit()
    return app.return_code or 0
