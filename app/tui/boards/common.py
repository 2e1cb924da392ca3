"""What the boards share: a game's board is a widget (`Board`) bound to a position.

On the game screen it is played on: the screen takes its `KEYS` as its own, draws it
after every change (`draw`) and plays the moves it hands up. In the analysis and the
replay it is a picture (`read_only`): `show(state, played, note)` draws a position with
the last move marked, without the pieces that take input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from rules.base import Frozen, GameOptions, GameState, MoveT, OptionsT, PlayerNo, StateT
from rules.operators import Op
from rules.words.common import name_players
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorPicker

if TYPE_CHECKING:
    from app.tui.game_screen import GameScreen

#: The moves that led to a position: (mover, move), in order.
Played = list[tuple[PlayerNo, Frozen]]

#: Keys that choose an operator (`x` is ×, as players type it).
OP_KEYS: dict[str, Op] = {"plus": "+", "minus": "-", "asterisk": "*", "x": "*", "slash": "/"}


def digit_bindings(description: str, key_display: str) -> list[Binding]:
    """0–9 call `action_digit(d)`; the footer shows one entry (`1–9`, an en dash)."""
    key_display = key_display.replace("-", "–")
    return [
        Binding("1", "digit('1')", description, key_display=key_display),
        *(Binding(str(d), f"digit('{d}')", show=False) for d in (0, 2, 3, 4, 5, 6, 7, 8, 9)),
    ]


def operator_bindings() -> list[Binding]:
    return [
        Binding("plus", "op('+')", "Operator", key_display="+−×÷"),
        *(Binding(k, f"op('{op}')", show=False) for k, op in OP_KEYS.items() if k != "plus"),
    ]


def side_by_side(parts: list[str]) -> str:
    """The players' holdings on one line when it fits at 80 columns, else one line each."""
    line = "   ".join(parts)
    return line if len(line) <= 40 else "\n".join(parts)


def picture_pool(
    numbers: tuple[int, ...], columns: int, id: str, classes: str = "-compact"
) -> DigitPool:
    pool = DigitPool(numbers, columns=columns, id=id, classes=classes)
    pool.can_focus = False
    return pool


class Board(Vertical, Generic[OptionsT, StateT, MoveT]):
    """A game's board, typed by its game's options, state and move models."""

    #: The board's keys: the game screen offers them after its own.
    KEYS: ClassVar[list[BindingType]] = []

    def __init__(
        self,
        options: OptionsT,
        names: tuple[str, str],
        *,
        game_screen: GameScreen[OptionsT, StateT, MoveT] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`game_screen`: the screen it is played on (None: a read-only picture)."""
        super().__init__(id=id, classes=classes)
        self.options = options
        self.picture_names = names
        self._game_screen = game_screen
        #: The columns each shared pool of a picture has when there is room (by id).
        self._widest: dict[str | None, int] = {}

    @property
    def read_only(self) -> bool:
        return self._game_screen is None

    @property
    def game_screen(self) -> GameScreen[OptionsT, StateT, MoveT]:
        if self._game_screen is None:
            raise RuntimeError("a read-only board is played on no game screen")
        return self._game_screen

    @property
    def human_to_move(self) -> bool:
        return self._game_screen is not None and self._game_screen.human_to_move

    @property
    def position(self) -> StateT:
        return self.game_screen.position

    def player_name(self, player: PlayerNo) -> str:
        screen = self._game_screen
        return screen.setup.name(player) if screen is not None else self.picture_names[player - 1]

    def changed(self) -> None:
        """The move being built changed: the refusal and the hint go, the board redraws."""
        screen = self.game_screen
        screen.refusal = None
        screen.clear_hint()
        screen.redraw()

    def compose(self) -> ComposeResult:
        if self.read_only:
            yield from self.compose_picture()
            yield Static(id="position-note", classes="position-line")
        else:
            yield from self.compose_board()

    def compose_board(self) -> ComposeResult:
        """The board's widgets, played on."""
        yield from ()

    def compose_picture(self) -> ComposeResult:
        """The board's widgets as a picture (the analysis, the replay)."""
        yield from ()

    def draw(self, state: StateT) -> None:
        """Redraw the board's widgets from `state`."""

    def holdings(self, state: StateT, player: PlayerNo) -> Text:
        """What `player` holds, for their panel."""
        return Text()

    def turn_hint(self, state: StateT) -> str:
        """What the player to move does now (shown when there is nothing else to say)."""
        return ""

    def reset_input(self) -> None:
        """Forget a half-made move (a pick waiting for its declaration, a chosen operator)."""

    def show_hint(self, move: str | None) -> None:
        """Highlight the hinted `move` (notation) on the board; None: clear it."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._game_screen is None:
            return False
        return self._game_screen.check_action(action, parameters)

    def title_fitting(self, box: Widget, long: str, short: str) -> str:
        """`long` where it fits as `box`'s title (margin, corners and spaces aside), else `short`."""
        room = self.content_size.width - box.styles.margin.width
        return long if len(long) + 6 <= room else short

    def keypad(self) -> DigitPool:
        """The pool the digit keys type into (countdown: the mover's own)."""
        return self.query_one(DigitPool)

    def keypad_open(self) -> bool:
        """Whether the digit keys pick now (a board narrows this to its own phases)."""
        return self.human_to_move

    def action_digit(self, digit: str) -> None:
        if self.keypad_open():
            self.keypad().type_digit(digit)

    def action_enter(self) -> None:
        self.keypad().flush_typed()

    def show(self, state: GameState, played: Played, note: str | None = None) -> None:
        """Draw `state` as a picture; `played` are the moves that led to it (the last one
        is marked); `note` goes underneath (default: the position's own note)."""
        self.picture(state, played)
        line = note if note is not None else state.note
        self.query_one("#position-note", Static).update(
            Text(name_players(line, self.picture_names) if line else "")
        )

    def picture(self, state: GameState, played: Played) -> None:
        """Draw the picture of `state`."""

    def on_resize(self) -> None:
        """A picture's shared pool wider than the board wraps onto rows as even as can be."""
        if not self.read_only:
            return
        width = self.content_size.width
        for pool in self.query("#position-pool").results(DigitPool):
            numbers = len(pool.numbers)
            widest = self._widest.setdefault(pool.id, pool.columns)
            fit = max(1, min(widest, (width + 1) // (DigitPool.KEY_WIDTH - 2)))
            rows = -(-numbers // fit)
            columns = min(widest, -(-numbers // rows))
            if pool.columns != columns:
                pool.columns = columns


class OperatorBoard(Board[OptionsT, StateT, MoveT]):
    """A board whose move is built with an operator chosen on its `OperatorPicker`."""

    #: The operator chosen for the move being built (None: not chosen yet).
    op: Op | None = None

    def action_op(self, op: Op) -> None:
        if self.human_to_move:
            self.query_one(OperatorPicker).choose(op)

    @on(OperatorPicker.Chosen)
    def _op_chosen(self, event: OperatorPicker.Chosen) -> None:
        event.stop()
        self.op = event.op
        self.changed()


#: A board of a game chosen at run time, seen through the rules' base classes.
SomeBoard = Board[GameOptions, GameState, Frozen]
