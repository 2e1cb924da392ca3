"""Equation Conquest's board: the sequence strip and a 1-9 keypad (plus the equation
line in the declare variant). As a picture: the strip and the numbers each appended."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center
from textual.widgets import Static

from app.tui.boards.common import Board, Played, digit_bindings, side_by_side
from app.tui.hints import mark_keys
from app.tui.mounting import gone
from rules.base import GameState, PlayerNo
from rules.conquest import ConquestMove, ConquestOptions, ConquestState
from rules.equation.check import pretty_equation
from rules.player_text import normalize_equation
from widgets.digit_pool import DigitPool
from widgets.equation_input import EquationInput
from widgets.sequence_strip import SequenceStrip


class ConquestBoard(Board[ConquestOptions, ConquestState, ConquestMove]):
    KEYS: ClassVar[list[BindingType]] = [
        *digit_bindings("Append", "1-9"),
        Binding("enter", "enter", "Append", show=False),
    ]

    pending: int | None = None

    def compose_board(self) -> ComposeResult:
        yield SequenceStrip(id="sequence")
        low, high = self.options.pool
        numbers = tuple(range(low, high + 1))
        with Center(id="keypad-row"):
            yield DigitPool(numbers, columns=3 if len(numbers) <= 9 else 10, id="keypad")
        if self.declaring:  # (the statement box: only in the variant that asks for it)
            declare = EquationInput(parens=False, id="declare")
            declare.display = False  # (until a number would make three)
            yield declare

    def compose_picture(self) -> ComposeResult:
        yield SequenceStrip(id="position-sequence")
        yield Static(id="position-holdings", classes="position-line")

    def on_mount(self) -> None:
        if self.read_only or gone(self.game_screen):
            return
        self.query_one(DigitPool).focus()

    @property
    def declaring(self) -> bool:
        return bool(self.options.declare)

    def draw_strip(self, state: ConquestState) -> SequenceStrip:
        strip = self.query_one(SequenceStrip)
        strip.sequence = state.sequence
        strip.equation = None if state.equation is None else f"{pretty_equation(state.equation)}  ✓"
        return strip

    def draw(self, state: ConquestState) -> None:
        self.draw_strip(state).pending = self.pending
        pool = self.query_one(DigitPool)
        pool.active = self.human_to_move and self.pending is None
        pool.selected = () if self.pending is None else (self.pending,)

    def holdings(self, state: ConquestState, player: PlayerNo) -> Text:
        mine = [text.split(":")[0] for who, text in self.game_screen.moves if who == player]
        if not mine:
            return Text("no numbers appended yet", style="italic")
        return Text("appended " + " ".join(mine))

    def turn_hint(self, state: ConquestState) -> str:
        low, high = state.options.pool
        hint = f"Player {state.to_move}: append a number from {low} to {high} (keys or click)"
        if self.declaring:
            hint += ", then state the equation it forms (or Esc for none)"
        return hint + "."

    def keypad_open(self) -> bool:
        return self.human_to_move and self.pending is None

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if not self.human_to_move:
            return
        screen = self.game_screen
        low, high = self.options.pool
        # The statement box opens once the number makes three (before, no equation can be
        # there); the rules say what is allowed of any other number.
        three = len(self.position.sequence) >= 2 and low <= event.number <= high
        if not (self.declaring and three):
            screen.play(ConquestMove(number=event.number))
            return
        self.pending = event.number
        self._show_declare()
        screen.clear_hint()
        screen.redraw()

    def _show_declare(self) -> None:
        assert self.pending is not None
        declare = self.query_one(EquationInput)
        last = (*self.position.sequence[-2:], self.pending)
        declare.keys = tuple(dict.fromkeys(last))
        numbers = " ".join(map(str, last))
        long = f"Appending {self.pending}: state the equation {numbers} form"
        declare.hint = self.title_fitting(declare, long, f"State the equation {numbers} form")
        declare.clear()
        self.query_one("#keypad-row").display = False
        declare.display = True
        declare.focus_line()

    def reset_input(self) -> None:
        self.pending = None
        for declare in self.query(EquationInput):
            declare.display = False
            declare.clear()
        self.query_one("#keypad-row").display = True
        self.query_one(DigitPool).focus()

    @on(EquationInput.Declared)
    def _declared(self, event: EquationInput.Declared) -> None:
        event.stop()
        if self.pending is not None:
            text = normalize_equation(event.text)
            self.game_screen.play(ConquestMove(number=self.pending, declaration=text))

    @on(EquationInput.Skipped)
    def _skipped(self, event: EquationInput.Skipped) -> None:
        event.stop()
        if self.pending is not None:
            self.game_screen.play(ConquestMove(number=self.pending))

    def show_hint(self, move: str | None) -> None:
        number = None if move is None else self.game_screen.game.parse_move(move).number
        mark_keys(self.query_one(DigitPool), (number,))

    def picture(self, state: GameState, played: Played) -> None:
        assert isinstance(state, ConquestState)
        strip = self.draw_strip(state)
        strip.mutate_reactive(SequenceStrip.sequence)  # redraw even when unchanged
        parts = []
        for player in (1, 2):
            mine = [str(m.number) for p, m in played if p == player and isinstance(m, ConquestMove)]
            parts.append(f"{self.player_name(player)}: {' '.join(mine) or 'nothing yet'}")
        self.query_one("#position-holdings", Static).update(Text(side_by_side(parts)))
