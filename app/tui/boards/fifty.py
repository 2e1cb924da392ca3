"""Exactly Fifty's board: both scores as bars, the shared pool, and the equation being
built with its preview ("6 × 7 = 42 → score 42"). As a picture: the scores and the pool,
the last move's two numbers marked."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import Button, Static

from app.match_session.setup import marks
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
from rules.fifty import FiftyMove, FiftyOptions, FiftyState, preview
from rules.fifty import equation_text as written
from rules.operators import shown
from rules.words.common import number_text
from widgets.digit_pool import DigitPool
from widgets.in_place import update_in_place
from widgets.operator_picker import OperatorPicker
from widgets.score_bar import ScoreBar


def verdict(score: int, target: int) -> tuple[str, str] | None:
    """What the preview warns of, with its style: a bust or exactly the target."""
    if score > target:
        return f"over {target}: you lose!", "bold red"
    if score == target:
        return f"exactly {target}: you win!", "bold green"
    return None


class FiftyBoard(OperatorBoard[FiftyOptions, FiftyState, FiftyMove]):
    KEYS: ClassVar[list[BindingType]] = [
        *digit_bindings("Number", "0-9"),
        *operator_bindings(),
        Binding("enter", "play_equation", "Play"),
        Binding("backspace", "clear", "Clear", show=False),
    ]

    #: The numbers chosen for the move being built.
    chosen: list[int]

    def on_mount(self) -> None:
        self.chosen = []
        if self.read_only or gone(self.game_screen):
            return
        self.query_one("#score-bars").border_title = f"Scores · target {self.options.target}"

    def compose_board(self) -> ComposeResult:
        with Vertical(id="score-bars"):
            yield ScoreBar(1, id="score-1")
            yield ScoreBar(2, id="score-2")
        numbers = self.options.numbers()
        with Center(classes="-rows" if len(numbers) > 9 else ""):
            yield DigitPool(numbers, columns=9, id="fifty-pool", classes="-compact")
        with Horizontal(id="fifty-row"):
            yield OperatorPicker(id="operators")
            yield Static(id="fifty-equation")
        with Horizontal(id="fifty-buttons"):
            yield Button("Play (Enter)", id="play", variant="primary", compact=True)
            yield Button("Clear (⌫)", id="clear", compact=True)

    def compose_picture(self) -> ComposeResult:
        with Vertical(id="position-scores"):
            yield ScoreBar(1, id="position-score-1")
            yield ScoreBar(2, id="position-score-2")
        yield picture_pool(self.options.numbers(), 9, "position-pool")

    def current_move(self) -> FiftyMove | None:
        if len(self.chosen) == 2 and self.op is not None:
            return FiftyMove(a=self.chosen[0], op=self.op, b=self.chosen[1])
        return None

    def used_by(self) -> dict[int, int]:
        used: dict[int, int] = {}
        screen = self.game_screen
        for player, text in screen.moves:
            move = screen.game.parse_move(text)
            used[move.a] = player
            used[move.b] = player
        return used

    def draw_scores(self, state: FiftyState, prefix: str = "") -> None:
        for player in (1, 2):
            bar = self.query_one(f"#{prefix}score-{player}", ScoreBar)
            bar.label = self.player_name(player)
            bar.target = state.options.target
            bar.score = state.score(player)

    def draw(self, state: FiftyState) -> None:
        move = self.current_move()
        self.draw_scores(state)
        over = self.game_screen.is_over
        for player in (1, 2):
            mover = player == state.to_move and not over
            bar = self.query_one(f"#score-{player}", ScoreBar)
            bar.preview = preview(state, move)[1] if (move and mover) else None
        pool = self.query_one(DigitPool)
        pool.taken = self.used_by()
        pool.selected = tuple(self.chosen)
        pool.active = self.human_to_move
        pool.marks = marks(self.game_screen.setup.names)
        picker = self.query_one(OperatorPicker)
        picker.selected = self.op
        picker.active = self.human_to_move
        pool.player = picker.player = state.to_move  # the chooser's colour
        update_in_place(self.query_one("#fifty-equation", Static), self.equation_text(state))
        self.query_one("#play", Button).disabled = move is None or not self.human_to_move

    def equation_text(self, state: FiftyState) -> Text:
        def slot(value: int | None) -> str:
            return "_" if value is None else str(value)

        first = self.chosen[0] if self.chosen else None
        second = self.chosen[1] if len(self.chosen) > 1 else None
        op = shown(self.op) if self.op else "?"
        text = Text(f"{slot(first)} {op} {slot(second)}", style="bold")
        move = self.current_move()
        if move is not None:
            value, score = preview(state, move)
            target = state.options.target
            text.append(f" = {number_text(value)}", style="bold")
            text.append(f"  → score {number_text(score)}")
            warning = verdict(score, target)
            if warning is not None:
                # (always shown: on a line of its own where the box is narrow)
                room = self.query_one("#fifty-equation").content_size.width
                gap = "  " if text.cell_len + 2 + len(warning[0]) <= room else "\n"
                text.append(gap + warning[0], style=warning[1])
        return text

    def holdings(self, state: FiftyState, player: PlayerNo) -> Text:
        return Text(f"score {number_text(state.score(player))} of {state.options.target}")

    def turn_hint(self, state: FiftyState) -> str:
        return (
            f"Player {state.to_move}: choose two different numbers and an operator, "
            "then Enter (order matters for − and ÷; ÷ drops the remainder)."
        )

    def reset_input(self) -> None:
        self.chosen = []
        self.op = None
        if self.is_mounted:
            self.query_one(DigitPool).clear_typed()

    def action_clear(self) -> None:
        if self.chosen or self.op:
            self.reset_input()
            self.game_screen.refusal = None
            self.game_screen.redraw()

    def action_play_equation(self) -> None:
        if self.query_one(DigitPool).flush_typed():
            return
        move = self.current_move()
        if move is None:
            missing = "two numbers" if len(self.chosen) < 2 else "an operator"
            if len(self.chosen) < 2 and self.op is None:
                missing = "two numbers and an operator"
            self.game_screen.refuse(f"Choose {missing} first.")
            return
        screen = self.game_screen
        state = screen.position
        value, score = preview(state, move)
        target = state.options.target
        if score <= target or move.a not in state.pool or move.b not in state.pool:
            screen.play(move)  # (a used number is refused by the rules, with their reason)
            return

        def answer(yes: bool | None) -> None:
            if yes and screen.state is state:
                screen.play(move)

        self.game_screen.confirm(
            f"{written(move, value)} busts".replace("-", "−"),
            f"It takes {self.player_name(state.to_move)}'s score to {score}, over {target}:"
            " you lose at once.",
            "Play it and lose",
            "Choose again",
            answer,
        )

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if not self.human_to_move:
            return
        number = event.number
        state = self.position
        if number not in state.pool:
            available = " ".join(map(str, state.pool))
            why = "is already used" if number in state.options.numbers() else "is not in the pool"
            self.game_screen.refuse(f"{number} {why}. Available numbers: {available}.")
            return
        if number in self.chosen:
            self.chosen.remove(number)
        elif len(self.chosen) == 2:
            self.chosen = [number]
        else:
            self.chosen.append(number)
        self.changed()

    @on(Button.Pressed, "#play")
    def _play_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_play_equation()

    @on(Button.Pressed, "#clear")
    def _clear_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_clear()

    def show_hint(self, move: str | None) -> None:
        hinted = None if move is None else self.game_screen.game.parse_move(move)
        numbers = () if hinted is None else (hinted.a, hinted.b)
        mark_keys(self.query_one(DigitPool), numbers)
        mark_ops(self.query_one(OperatorPicker), () if hinted is None else (hinted.op,))

    def picture(self, state: GameState, played: Played) -> None:
        assert isinstance(state, FiftyState)
        self.draw_scores(state, "position-")
        self.query_one("#position-scores").border_title = f"Scores · target {state.options.target}"
        pool = self.query_one("#position-pool", DigitPool)
        moves = [(p, move) for p, move in played if isinstance(move, FiftyMove)]
        pool.taken = {n: p for p, move in moves for n in (move.a, move.b)}
        pool.marks = marks(self.picture_names)
        last = moves[-1][1] if moves else None
        pool.selected = (last.a, last.b) if last else ()
