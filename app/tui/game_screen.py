"""The one game screen of every game: its layout, its keys, and the end of each round and
of the match.

`GameScreen` is a view of a match session (`match_screen`) with the computer's turns and
hints (`thinking`), composing the game's board (`app.tui.boards`), whose keys are the
screen's too (`_binding_chain`). After a round's last move it shows the round-over
dialog, or the game-over dialog once the match is decided (`game_records`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.keys import key_to_character
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from app.match_session.puzzle import PuzzleReferee
from app.match_session.referee import Referee
from app.match_session.setup import GameSetup, variant_summary
from app.tui import game_records
from app.tui.boards.common import Board
from app.tui.dialogs import ConfirmDialog
from app.tui.navigation import Home, navigator
from app.tui.styles import SCREEN_STYLES
from app.tui.thinking import ThinkingScreen
from rules.base import Frozen, GameOptions, GameState, MoveT, OptionsT, StateT
from rules.records import GameRecord
from rules.registry import GAME_INFO
from rules.words.outcome import record_reason
from widgets.keys_footer import KeysFooter
from widgets.move_list import MoveList
from widgets.player_panel import PlayerPanel
from widgets.status_line import StatusLine
from widgets.title_bar import TitleBar

#: What the footer still offers once the game is over.
AFTER_THE_END = frozenset(
    {"rules", "rematch", "new_game", "save", "leave", "leave_class", "leave_homework"}
)


class GameScreen(ThinkingScreen[OptionsT, StateT, MoveT]):
    """One game (or match) in progress, on its game's board."""

    CSS_PATH = SCREEN_STYLES

    #: As Textual's, without repainting the whole screen when the focus moves (the widgets
    #: gaining and losing it redraw themselves; it moves every turn in collect, countdown).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("u,ctrl+z", "undo_off", "No takebacks"),
        Binding("r", "rematch", "Rematch"),
        Binding("n", "new_game", "New game"),
        Binding("ctrl+s", "save", "Save"),
        Binding("q,escape", "leave", "Menu"),
        Binding("q,escape", "leave_class", "Lobby"),  # (over a class's lobby: back to it)
        Binding("q,escape", "leave_homework", "Homework"),  # (over offline homework's desk)
        # A puzzle's own keys (its referee offers them)
        Binding("r", "retry", "Retry"),
        Binding("s", "solution", "Solution"),
        Binding("n", "next_puzzle", "Next puzzle"),
    ]

    def __init__(
        self,
        setup: GameSetup,
        moves: list[str] | None = None,
        record: GameRecord | None = None,
        *,
        referee: Referee | None = None,
        board: type[Board[OptionsT, StateT, MoveT]],
    ) -> None:
        super().__init__(setup, moves, record, referee=referee)
        self.board = board(self.options, setup.names, game_screen=self, id="board")

    def compose(self) -> ComposeResult:
        title = Text.assemble(("Equation Duel", "bold"), " · ", GAME_INFO[self.setup.game_id].name)
        variant = " · ".join(
            part for part in (variant_summary(self.setup.options), self.setup.match_words()) if part
        )
        variant = self.referee.variant_words(variant)
        yield TitleBar(title, variant, id="title-bar")
        with Horizontal(id="players"):
            yield PlayerPanel(1, self.setup.name(1), id="panel-1")
            yield Static(id="turn-banner")
            yield PlayerPanel(2, self.setup.name(2), id="panel-2")
        with Horizontal(id="middle"):
            yield self.board
            yield MoveList(id="moves")
        yield StatusLine(id="status")
        yield KeysFooter()

    @functools.cached_property
    def _board_keys(self) -> BindingsMap:
        return BindingsMap(self.board.KEYS)

    @property
    def _binding_chain(self) -> list[tuple[DOMNode, BindingsMap]]:
        """Textual's chain, with the board's keys right after the screen's own, as if they
        were the screen's (a key a focused widget takes is left to it)."""
        chain = super()._binding_chain
        at = [node for node, _ in chain].index(self) + 1
        keys = self._board_keys.copy()
        for key in keys.key_to_bindings:  # the board's win over the screen's (Tab: next slot)
            chain[at - 1][1].key_to_bindings.pop(key, None)
        for node, _ in chain[:at]:
            for key in list(keys.key_to_bindings):
                if node.check_consume_key(key, key_to_character(key)):
                    del keys.key_to_bindings[key]
        chain.insert(at, (self.board, keys))
        return chain

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.state is None:
            return False  # keys queued behind the one that opened it come before its board
        offer = self.referee.offers(action)
        if not isinstance(offer, str):  # (USUAL: the rule below)
            return offer
        if self.is_over and action not in AFTER_THE_END:
            return False
        if action == "undo":
            if not self.session.takebacks_allowed:
                return False
            return True if self.session.can_take_back() else None
        if action == "undo_off":
            return not self.session.takebacks_allowed
        if action in ("rematch", "new_game"):
            return self.session.result is not None
        if action == "hint":
            return self.human_to_move or None
        if action in ("leave", "leave_class", "leave_homework"):
            home = next((s for s in self.app.screen_stack if isinstance(s, Home)), None)
            return action == ("leave" if home is None else home.leave_action)
        return True

    @property
    def in_class(self) -> bool:
        """Over a class's lobby (a hub's game): leaving goes back to it."""
        return any(isinstance(screen, Home) for screen in self.app.screen_stack)

    def confirm(
        self, question: str, detail: str, yes: str, no: str, answer: Callable[[bool | None], None]
    ) -> None:
        self.app.push_screen(ConfirmDialog(question, detail, yes, no), answer)

    def action_undo(self) -> None:
        asked = self.referee.asks_takeback(self.session)
        if asked is not None:
            self.say(asked)
            return
        said = self.session.take_back()
        if said is None:
            return
        self.new_position()
        self.say(f"{said} {self.task_words(self.position)}".strip())

    def action_undo_off(self) -> None:
        self.notify(
            "Takebacks are off in this game (a setup option): moves against the computer stand.",
            severity="warning",
        )

    def action_hint(self) -> None:
        self.ask_hint()

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen  # (when opened)

        self.app.push_screen(RulesScreen(self.setup.game_id))

    def action_leave_class(self) -> None:
        self.action_leave()

    def action_leave_homework(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        if not self.in_progress:
            self.app.call_later(self.to_menu)
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.autosave()
                self.to_menu()

        kept = (
            "It stops for both players: the class's hub keeps its moves."
            if self.in_class
            else "It is kept: the menu offers to resume it next time."
        )
        self.app.push_screen(ConfirmDialog("Leave this game?", kept, "Leave"), leave)

    def round_over(self) -> None:
        """The next round, or the end of the match (a puzzle's referee says its end)."""
        outcome = self.outcome
        if outcome is None or not self.is_mounted:
            return
        self.redraw()
        if not self.referee.dialogs:
            said = self.referee.round_over(outcome, self.named(record_reason(outcome)))
            if said is not None:
                self.say(said[0], "error" if said[1] == "error" else "success")
                self.refresh_bindings()
            self.puzzle_counted()
            return
        if self.session.result is not None:
            self.show_game_over()
            return
        dialog = game_records.round_over_dialog(self.session, self.setup)
        if dialog is not None:
            self.app.push_screen(dialog, lambda _: self.next_round())

    def next_round(self) -> None:
        self.session.next_round()
        self.new_position()

    def show_game_over(self) -> None:
        if not self.is_current or not self.referee.dialogs:
            return
        again = self.check_action("rematch", ()) is True  # (the referee's say: not online)
        home = "Lobby" if self.in_class else "Menu"
        dialog = game_records.game_over_dialog(
            self.session, self.setup, self._analysis, again, home
        )
        if dialog is not None:
            self.app.push_screen(dialog, self._game_over_chosen)

    def _game_over_chosen(self, choice: str | None) -> None:
        if choice == "rematch":
            self.action_rematch()
        elif choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.to_menu()
        elif choice == "export":
            game_records.export(self.app, self.session, self.say_level, self.show_game_over)
        elif choice == "save":
            self.action_save()
            self.show_game_over()

    def _analysis(self) -> bool:
        """The analysis of the game just finished (of a match: the round chosen)."""
        from app.tui.analysis_screen import analysis_of  # (when opened)
        from app.tui.replay import open_replay  # (when opened)

        if len(self.session.match.results) > 1:
            open_replay(self.app, self.session.record())
            return True
        analysis = analysis_of(self)
        if analysis is None:
            return False
        self.app.push_screen(analysis)
        return True

    def say_level(self, message: str, level: str) -> None:
        self.say(message, "error" if level == "error" else "success")

    def autosave(self) -> Path | None:
        return game_records.autosave(self.app, self.session)

    def action_rematch(self) -> None:
        self.new_session(self.setup.rematch())
        self.new_position()
        first = self.setup.name(self.setup.first)
        self.say(f"Rematch: {first} starts. {self.task_words(self.position)}")

    def action_new_game(self) -> None:
        app = navigator(self.app)
        if app is not None:
            app.open_setup(self.setup.game_id, self.setup, replace=True)

    def to_menu(self) -> None:
        app = navigator(self.app)
        if app is not None:
            app.go_menu()

    def action_save(self) -> None:
        game_records.save(self.app, self.session, self.say_level)

    def action_retry(self) -> None:
        self._open_puzzle(self.referee.retry())

    def action_next_puzzle(self) -> None:
        self._open_puzzle(self.referee.following())

    def _open_puzzle(self, referee: PuzzleReferee | None) -> None:
        app = navigator(self.app)
        if referee is not None and app is not None:
            app.open_puzzle(referee, replace=True)

    def action_solution(self) -> None:
        solution = self.referee.solution()
        if solution is not None:
            words, first = solution
            self.say(words, "note")
            if first is not None:
                self.board.show_hint(first)
                self.play_out_solution()

    def play_out_solution(self) -> None:
        """The puzzle on the analysis board: the player's moves from its position judged
        (never its set-up), a winning line played out from where the player went wrong
        (Esc comes back here)."""
        from app.tui.analysis_lines import Solution  # (when opened)
        from app.tui.analysis_screen import AnalysisScreen  # (when opened)

        puzzle, missed = getattr(self.referee, "puzzle", None), getattr(self.referee, "missed", ())
        if puzzle is None or not missed:
            return
        given = len(puzzle.moves)
        tried = [i for i, (p, _) in enumerate(self.moves) if i >= given and p == puzzle.to_move]
        failed = getattr(self.referee, "result", None) == "failed" and tried
        solution = Solution(given, tried[-1] if failed else given, missed[0])
        moves, names = [text for _, text in self.moves], self.setup.names
        self.app.push_screen(AnalysisScreen(puzzle.game, puzzle.options, moves, names, solution))


#: A game screen of a game chosen at run time, seen through the rules' base classes.
SomeGameScreen = GameScreen[GameOptions, GameState, Frozen]
