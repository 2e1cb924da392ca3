"""Modal dialogs: the game-over dialog and a yes/no confirmation.

Each answers once, and only while it is the screen on top (`Dialog.answer`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from app.tui.drawn_once import drawn_once
from app.tui.mounting import on_top
from app.tui.styles import SCREEN_STYLES
from rules.words.common import capitalized, moves_text

AnswerT = TypeVar("AnswerT")


@drawn_once
class Dialog(ModalScreen[AnswerT]):
    """A dialog that answers only while it is the screen on top: a key queued behind the
    one that closed it, or reaching it while covered, would have Textual's `dismiss` pop
    whichever screen is on top (or fail: `InvalidStateError`)."""

    _resumed = True  # (restyled as it comes on top, as Textual does: the focused button)

    def answer(self, result: AnswerT) -> None:
        if on_top(self):
            self.dismiss(result)


class GameOverDialog(Dialog[str]):
    """The winner and why; then Rematch, New game, or Menu (Escape looks at the board).
    `again`: whether a rematch and a new game are offered (not on an online board, whose
    next game is the lobby's or the host's to start); `home`: "Menu", or "Lobby" over a
    class's lobby."""

    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "#rematch, #menu"  # (the first there: no rematch on an online board)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("n", "choose('new')", "New game"),
        Binding("m,q", "choose('menu')", "Menu"),
        Binding("a", "analysis", "Analysis"),
        Binding("e", "choose('export')", "Export"),
        Binding("ctrl+s", "choose('save')", "Save"),
        Binding("escape", "choose('board')", "Look at the board"),
    ]

    def __init__(
        self,
        winner: str,
        player: int,
        reason: str,
        moves: int | str,
        *,
        analysis: Callable[[], bool] | None = None,
        again: bool = True,
        home: str = "Menu",
    ) -> None:
        super().__init__(classes="dialog-screen -over-game")
        self.again = again
        #: Where `q` goes: the menu, or a class's lobby (a hub's game).
        self.home = home
        #: Opens the analysis, False if there is none (None: of the screen below's game).
        self.analysis = analysis
        self.winner = winner
        self.player = player
        self.reason = reason
        self.moves = moves

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over", classes=f"dialog -p{self.player}"):
            yield Static("Game over", classes="dialog-title")
            yield Static(Text(f"{self.winner} wins!"), id="winner")
            yield Static(Text(capitalized(self.reason)), id="reason")
            said = self.moves if isinstance(self.moves, str) else f"after {moves_text(self.moves)}"
            yield Static(Text(said), classes="dialog-note")  # (names in it: text, not markup)
            with Horizontal(classes="dialog-buttons"):
                if self.again:
                    yield Button("Rematch (r)", id="rematch", variant="primary")
                    yield Button("New game (n)", id="new")
                yield Button(
                    f"{self.home} (q)", id="menu", variant="default" if self.again else "primary"
                )
            with Horizontal(classes="dialog-buttons", id="analysis-row"):
                yield Button("Analysis (a)", id="analysis")
                yield Button("Export (e)", id="export")
            yield Static("Esc: look at the board · ctrl+s: save the game", classes="dialog-note")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "analysis":
            self.action_analysis()
            return
        self.answer(event.button.id or "board")

    def action_choose(self, choice: str) -> None:
        self.answer(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters[:1] in (("rematch",), ("new",)):
            return self.again
        return True

    def action_analysis(self) -> None:
        """(This dialog stays underneath.)"""
        if not on_top(self):
            return
        if self.analysis is not None:
            opened = self.analysis()
        else:
            from app.tui.analysis_screen import analysis_of  # (when opened)

            stack = self.app.screen_stack
            below = stack[stack.index(self) - 1] if self in stack[1:] else None
            screen = analysis_of(below)
            if opened := screen is not None:
                self.app.push_screen(screen)
        if not opened:
            self.notify("There is no game to analyse.")


class RoundOverDialog(Dialog[None]):
    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "#next"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,space", "next", "Next round")]

    def __init__(
        self, winner: str, player: int, reason: str, score: str, next_starter: str
    ) -> None:
        super().__init__(classes="dialog-screen -over-game")
        self.winner = winner
        self.player = player
        self.reason = reason
        self.score = score
        self.next_starter = next_starter

    def compose(self) -> ComposeResult:
        with Vertical(id="round-over", classes=f"dialog -p{self.player}"):
            yield Static("Round over", classes="dialog-title")
            yield Static(Text(f"{self.winner} wins the round"), id="winner")
            yield Static(Text(capitalized(self.reason)), id="reason")
            yield Static(Text(self.score), classes="dialog-note", id="match-score")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Next round (Enter)", id="next", variant="primary")
            yield Static(Text(f"{self.next_starter} starts the next round"), classes="dialog-note")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(None)

    def action_next(self) -> None:
        self.answer(None)


class ConfirmDialog(Dialog[bool]):
    """A question with Yes and No (y / n, Escape is No)."""

    CSS_PATH = SCREEN_STYLES
    AUTO_FOCUS = "#no"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "", yes: str = "Yes", no: str = "Stay") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.detail = detail
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            if self.detail:
                yield Static(self.detail, classes="dialog-note", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.answer(yes)
