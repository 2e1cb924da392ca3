"""Countdown Duel's board: the running total, the operators, and each player's own pool.
Each turn starts with + chosen; a number plays the chosen operator at once; a pass is
confirmed first. As a picture: the total, the mover, the number the last move took."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from app.tui.boards.common import (
    OperatorBoard,
    Played,
    digit_bindings,
    operator_bindings,
    picture_pool,
)
from app.tui.hints import mark_keys, mark_ops
from app.tui.mounting import gone
from rules.base import GameState, PlayerNo
from rules.countdown import (
    GAME,
    PASS,
    CountdownMove,
    CountdownOptions,
    CountdownState,
    format_numbers,
)
from rules.operators import Op, shown
from rules.words.common import number_text
from widgets.digit_pool import DigitPool
from widgets.operator_picker import OperatorPicker
from widgets.running_total import RunningTotal


class CountdownBoard(OperatorBoard[CountdownOptions, CountdownState, CountdownMove]):
    KEYS: ClassVar[list[BindingType]] = [
        *digit_bindings("Play number", "1-9"),
        *operator_bindings(),
        Binding("p", "pass_turn", "Pass"),
    ]

    op: Op = "+"
    #: Whose choice `op` is: each turn starts again from +.
    op_for: PlayerNo | None = None

    def compose_board(self) -> ComposeResult:
        yield RunningTotal(id="running-total")
        numbers = self.options.numbers()
        with Horizontal(id="countdown-row"):
            yield DigitPool(numbers, columns=3, id="pool-1", classes="-compact -p1")
            with Vertical(id="countdown-ops"):
                yield OperatorPicker(vertical=True, id="operators")
                yield Button("Pass (p)", id="pass", compact=True)
            yield DigitPool(numbers, columns=3, id="pool-2", classes="-compact -p2")

    def compose_picture(self) -> ComposeResult:
        yield RunningTotal(id="position-total")
        with Horizontal(id="position-pools"):
            for player in (1, 2):
                classes = f"-compact -p{player}"
                pool = picture_pool(self.options.numbers(), 3, f"position-pool-{player}", classes)
                pool.border_title = Text(self.player_name(player))
                yield pool

    def on_mount(self) -> None:
        if self.read_only or gone(self.game_screen):
            return
        for player in (1, 2):
            self.pool(player).border_title = Text(self.player_name(player))

    def pool(self, player: int) -> DigitPool:
        return self.query_one(f"#pool-{player}", DigitPool)

    def draw_total(self, state: CountdownState) -> RunningTotal:
        total = self.query_one(RunningTotal)
        total.total = state.running_total
        total.target = state.options.target
        return total

    def draw(self, state: CountdownState) -> None:
        if state.to_move != self.op_for:
            self.op, self.op_for = "+", state.to_move
        total = self.draw_total(state)
        screen = self.game_screen
        total.caption = (
            "" if screen.is_over else f"next: {number_text(state.running_total)} {shown(self.op)} ?"
        )
        for player in (1, 2):
            pool = self.pool(player)
            own = state.available_to(player)
            pool.show(  # one restyle of the pool for all three
                taken={n: 0 for n in state.options.numbers() if n not in own},
                active=self.human_to_move and state.to_move == player,
                classes={"-to-move": state.to_move == player and not screen.is_over},
            )
        # Between two people at one keyboard, the focus goes with the turn to the mover's pool
        mover = self.pool(state.to_move)
        focused = screen.focused
        if self.human_to_move and isinstance(focused, DigitPool) and focused is not mover:
            screen.set_focus(mover, scroll_visible=False)
        picker = self.query_one(OperatorPicker)
        picker.selected = self.op
        picker.active = self.human_to_move
        self.query_one("#pass", Button).disabled = not self.human_to_move

    def holdings(self, state: CountdownState, player: PlayerNo) -> Text:
        own = state.available_to(player)
        return Text(f"numbers: {format_numbers(own)}".replace("-", "–"))  # (runs: 1–4, 6–9)

    def turn_hint(self, state: CountdownState) -> str:
        if not state.available_to(state.to_move):
            return f"Player {state.to_move} has no numbers left: press p to skip the turn."
        return (
            f"Player {state.to_move}: choose an operator (+ − × ÷), then one of your numbers; "
            "p passes."
        )

    def keypad(self) -> DigitPool:
        return self.pool(self.game_screen.to_move)

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if not self.human_to_move:
            return
        move = CountdownMove(op=self.op, number=event.number)
        reason = GAME.invalid_reason(self.position, move)
        if reason is not None:
            self.confirm_lost_turn(move, reason)
            return
        self.game_screen.play(move)

    def confirm_lost_turn(self, move: CountdownMove, reason: str) -> None:
        """A well-formed move the rules do not allow loses the turn (RULINGS.md): warn first."""
        state = self.position
        assert move.op is not None
        self._confirm(
            move,
            f"{shown(move.op)} {move.number} loses your turn",
            f"{reason} Play it anyway and {self.player_name(state.to_move)} loses this turn.",
            "Lose the turn",
            "Choose again",
        )

    def _confirm(self, move: CountdownMove, question: str, detail: str, yes: str, no: str) -> None:
        state, screen = self.position, self.game_screen
        if state.passes_in_row:
            detail += " A second turn in a row without a valid move ends the game."

        def answer(yes: bool | None) -> None:
            if yes and screen.state is state:
                screen.play(move)

        screen.confirm(question, detail, yes, no, answer)

    @on(Button.Pressed, "#pass")
    def _pass_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_pass_turn()

    def action_pass_turn(self) -> None:
        if not self.human_to_move:
            return
        state = self.position
        if not state.available_to(state.to_move):
            self.game_screen.play(PASS)
            return
        name = self.player_name(state.to_move)
        self._confirm(PASS, f"Pass, {name}?", "You lose this turn on purpose.", "Pass", "Play on")

    def show_hint(self, move: str | None) -> None:
        """(A hinted pass: the status line says it.)"""
        screen = self.game_screen
        hinted = None if move is None else screen.game.parse_move(move)
        for player in (1, 2):
            mine = hinted is not None and player == screen.to_move
            mark_keys(self.pool(player), (hinted.number,) if mine and hinted else ())
        mark_ops(self.query_one(OperatorPicker), () if hinted is None else (hinted.op,))

    def picture(self, state: GameState, played: Played) -> None:
        assert isinstance(state, CountdownState)
        total = self.draw_total(state)
        over = state.result is not None
        total.caption = "game over" if over else f"{self.player_name(state.to_move)} to move"
        pushed = [(p, m) for p, m in played if isinstance(m, CountdownMove)]
        last = pushed[-1] if pushed else None
        for player in (1, 2):
            pool = self.query_one(f"#position-pool-{player}", DigitPool)
            own = state.available_to(player)
            pool.taken = {n: 0 for n in state.options.numbers() if n not in own}
            taken = last[1].number if last is not None and last[0] == player else None
            pool.selected = (taken,) if taken is not None else ()
