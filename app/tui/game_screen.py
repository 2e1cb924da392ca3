"""The game screen every game's board builds on: its layout, and what its keys do.

`GameScreen` is a `MatchScreen` (`app.tui.match_screen`: the position shown, the parts
that play it, the drawing, the course of the match) laid out as the title bar, the
player panels and turn banner, the board (`compose_board`) beside the move list, the
status line and the footer. Its keys: which are offered now (`check_action`: the
board's keys, undo and hint go once the game is decided; undo says "No takebacks" when
the setup turned them off), and the actions of hint, undo, the rules, and leaving
(which keeps an unfinished game for later). Rematch, new game and save are the match's
own actions, in `MatchScreen`.

Each game's board subclasses it in `app/tui/boards/`, typed by its game's options,
state and move (`ConquestScreen(KeypadBoard[ConquestOptions, ConquestState,
ConquestMove])`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from app.tui.dialogs import ConfirmDialog
from app.tui.match_screen import MatchScreen
from app.tui.session import variant_summary
from app.tui.styles import SCREEN_STYLES
from rules.base import Frozen, GameOptions, GameState, MoveT, OptionsT, StateT
from widgets.keys_footer import KeysFooter
from widgets.move_list import MoveList
from widgets.player_panel import PlayerPanel
from widgets.status_line import StatusLine

#: What the footer still offers once the game is over.
AFTER_THE_END = frozenset({"rules", "rematch", "new_game", "save", "leave"})


class GameScreen(MatchScreen[OptionsT, StateT, MoveT]):
    """One game (or match) in progress. Subclasses: one per game, in `app/tui/boards/`."""

    CSS_PATH = SCREEN_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("u,ctrl+z", "undo_off", "No takebacks"),
        Binding("r", "rematch", "Rematch"),
        Binding("n", "new_game", "New game"),
        Binding("ctrl+s", "save", "Save"),
        Binding("q,escape", "leave", "Menu"),
    ]

    # Layout

    def compose(self) -> ComposeResult:
        title = Text.assemble(
            ("Equation Duel", "bold"), " · ", self.game.title.removeprefix("Equation Duel: ")
        )
        variant = " · ".join(
            part for part in (variant_summary(self.setup.options), self.setup.match_words()) if part
        )
        with Horizontal(id="title-bar"):
            yield Static(title, id="title")
            yield Static(Text(variant), id="variant")
        with Horizontal(id="players"):
            yield PlayerPanel(1, self.setup.name(1), id="panel-1")
            yield Static(id="turn-banner")
            yield PlayerPanel(2, self.setup.name(2), id="panel-2")
        with Horizontal(id="middle"):
            with Vertical(id="board"):
                yield from self.compose_board()
            yield MoveList(id="moves")
        yield StatusLine(id="status")
        yield KeysFooter()

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.state is None:
            return False  # keys queued behind the one that opened it come before its board
        if self.is_over and action not in AFTER_THE_END:
            return False  # the board's keys (and undo, hint) go once the game is decided
        if action == "undo":
            if not self.takebacks.allowed:
                return False
            return True if self.takebacks.possible() else None
        if action == "undo_off":
            return not self.takebacks.allowed
        if action in ("rematch", "new_game"):
            return self.control.result is not None
        if action == "hint":
            return self.human_to_move or None
        return True

    def action_undo(self) -> None:
        said = self.takebacks.take_back()
        if said is None:
            return
        self.new_position()
        self.say(f"{said} {self.turn_hint(self.position)}".strip())

    def action_undo_off(self) -> None:
        self.notify(
            "Takebacks are off in this game (a setup option): moves against the computer stand.",
            severity="warning",
        )

    def action_hint(self) -> None:
        self.hints.ask()

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.setup.game_id))

    def action_leave(self) -> None:
        if not self.in_progress:
            self.app.call_later(self.to_menu)
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.autosave()
                self.to_menu()

        self.app.push_screen(
            ConfirmDialog(
                "Leave this game?", "It is kept: the menu offers to resume it next time.", "Leave"
            ),
            leave,
        )


#: A game screen of a game chosen at run time (by id: `app.tui.app.board_screen`, a
#: puzzle's board), seen through the rules' base classes: which game it is, its caller
#: cannot know, and what it does with it (open it, ask whether it is in progress) does
#: not depend on it.
SomeGameScreen = GameScreen[GameOptions, GameState, Frozen]
