"""The Equation Duel app: `EquationDuelApp(game_id=None, options=None).run()`.

Without a game it opens the menu (and offers to resume a game left unfinished); with
one it opens straight into that game with those options, and with a game record it
resumes that game (or replays a finished one); the menu is underneath, for afterwards.

This module holds the app, the navigation the screens call (`open_setup`, `start_game`,
`go_menu`: the app is a `app.tui.navigation.Navigator`) and running it (`run_app`, `run_record_file`). What the app
does beyond that is in modules of its own, each called from a method of the app:
`app.tui.start_up` (the game the command line names), `app.tui.resume` (games left
unfinished, records resumed or replayed), `app.tui.palette` (the command palette's
commands), `app.tui.quitting` (quitting and the autosave that keeps a game in progress)
and `app.tui.too_small` (the screen-size guard).
"""

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
from app.tui.boards import board_screen
from app.tui.styles import MENU_STYLES
from app.tui.themes import register_themes
from app.tui.too_small import check_size

# The menu needs none of the rules, pydantic or the records: they are imported where
# they are used, so the menu is drawn as soon as Textual can draw it.
if TYPE_CHECKING:
    from app.match_session.puzzle import PuzzleReferee
    from app.tui.navigation import Navigator
    from app.tui.session import GameSetup
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
        """`record`: a game record (checked) to resume, or to replay when it is finished;
        `best_of` and `turn_seconds` set up a match of `game_id`; `levels` puts the
        computer at that level in a seat (None: a person plays it)."""
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
        """The list of themes, every one of the app's in it (they are added once the first
        screen is drawn: a `t` typed before that finds them too)."""
        register_themes(self)
        super().action_change_theme()

    def get_default_screen(self) -> Screen[Any]:
        """The menu is the screen at the bottom of the stack: the first one drawn."""
        from app.tui.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        from app.tui.theme_memory import remember_theme

        remember_theme(self)  # (the first frame is drawn in it)
        if self.start_record is None and self.start_game_id is None:
            self.call_after_refresh(self.start_keeping)  # the menu keeps nothing: once drawn
        else:
            self.start_keeping()
        if self.start_record is not None:
            self.open_record(self.start_record)
        elif self.start_game_id is not None:
            from app.tui.start_up import open_given_game

            open_given_game(self, self.start_game_id)
        if self.start_record is not None or self.start_game_id is not None:
            from app.tui.preload import settle_game_start

            self.call_after_refresh(settle_game_start, self)
        else:
            self.call_after_refresh(self.offer_resume)  # after the menu is drawn
            self.call_after_refresh(self.preload)
        self.call_after_refresh(self.check_size)
        from app.tui.preload import collect_from_now

        self.call_after_refresh(collect_from_now)  # (off until the first frame: app.launch)

    def start_keeping(self) -> None:
        """Clear what a save killed half-way left behind, find out whether games can be
        kept (if not, say so once), and end on SIGHUP, SIGTERM and SIGINT as quitting does.
        """
        from app.store.data_folder import clean_stale_temporaries
        from app.tui.quitting import catch_signals
        from app.tui.resume import start_saving

        clean_stale_temporaries()
        start_saving(self)
        catch_signals(self)

    def preload(self) -> None:
        """Load what the setup screens need in the background (app.tui.preload)."""
        from app.tui.preload import preload

        preload(self)

    # Records: resuming and replaying (app.tui.resume)

    def offer_resume(self) -> None:
        """Offer each game left unfinished: resume it, keep it, or discard it."""
        from app.tui.resume import offer_resume

        offer_resume(self)

    def open_record(self, record: GameRecord) -> None:
        """Resume an unfinished game; replay a finished one."""
        from app.tui.resume import open_record

        open_record(self, record)

    def replay(self, record: GameRecord) -> None:
        """Step through a finished record (a match: choose the round first)."""
        from app.tui.replay import open_replay

        open_replay(self, record)

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

    def open_puzzle(self, referee: PuzzleReferee, replace: bool = False) -> None:
        """A puzzle on its game's board, judged by `referee` (app.tui.puzzle_mode)."""
        from app.tui.puzzle_mode import puzzle_screen

        screen = puzzle_screen(referee)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def go_menu(self) -> None:
        from app.tui.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    # The command palette: the game's own commands, then Textual's

    def action_command_palette(self) -> None:
        """Textual's palette, with its page keys made safe (app.tui.command_palette): one
        at a time, even under the too-small screen, and none over it (only ctrl+q works
        there; a second one was a DuplicateIds crash at 20×8)."""
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
        """Textual's keys panel (the palette's "Keys"), not once the app is closing: its
        screen is no longer attached then (`MountError`, docs/known-issues.md)."""
        if self.is_running and not self._exit:
            super().action_show_help_panel()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from app.tui.palette import game_commands

        yield from game_commands(self, screen)
        yield from super().get_system_commands(screen)

    # Quitting: the game in progress is kept (app.tui.quitting)

    def game_in_progress(self) -> bool:
        from app.tui.quitting import game_in_progress

        return game_in_progress(self)

    def action_request_quit(self) -> None:
        from app.tui.quitting import request_quit

        request_quit(self)

    def on_exit_app(self) -> None:
        """However the app ends (a closed browser tab or an idle one under `serve` asks it
        to quit from outside), a game in progress is kept for the next start, and no
        search's helper process outlives the app."""
        search_process = sys.modules.get("app.process.search_process")  # (not loaded: no helper)
        if search_process is not None:
            search_process.end_all()
        self.autosave()

    def on_unmount(self) -> None:
        """The app has ended: the games it played are let go (their files stay), and the
        signals are the default ones again."""
        from app.store.unfinished import release_all
        from app.tui.quitting import let_signals_go

        let_signals_go()
        release_all()

    def autosave(self) -> None:
        """Keep the game in progress in its own file (it is kept after every move too)."""
        from app.tui.quitting import autosave_games

        autosave_games(self)

    # A crash: keep the game, exit non-zero

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app (Textual prints it): the game in progress is
        kept in the autosave slot first, and the exit code is 1 (`return_code`)."""
        with contextlib.suppress(Exception):  # the report of the first error matters more
            self.autosave()
        super()._handle_exception(error)

    # A move on the screen is a move kept (app.store.keep_writer)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        keep_writer.wait()  # (the writes handed over so far: at once when there is none)
        super()._display(screen, renderable)

    # Input behind the key that quit

    async def on_event(self, event: events.Event) -> None:
        # Keys queued behind the one that quit are still handled, while the app closes
        # and after it has taken its screens down (Textual then looks for the screen on
        # top and fails: ScreenStackError). They open screens the closing app never
        # composes and act on them (NoMatches). The player has quit: none is looked at.
        if isinstance(event, events.InputEvent) and (not self.is_running or self._exit):
            return
        await super().on_event(event)

    # The minimum size (app.tui.too_small)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        check_size(self)


if TYPE_CHECKING:

    def _is_a_navigator(app: EquationDuelApp) -> Navigator:
        return app  # (mypy checks the app has every way a screen may ask for)


def run_record_file(path: Path, game_id: str | None = None, moves: str = "") -> int:
    """`equation-duel play [GAME] --load FILE`: the app resuming (or replaying) the game
    recorded in FILE. Returns the exit code: 2 with one line on standard error when the
    file cannot be used (it is left as it was)."""
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
    """Run the app; its exit code (1 after a crash, which Textual has reported; 128 + the
    signal that ended it). What the player must still read is printed afterwards."""
    from app.tui.quitting import say_at_exit

    try:
        app.run()
    finally:
        say_at_exit()
    return app.return_code or 0
