"""Collect & Declare's board: the shared pool (taken numbers show who holds them), then
an optional declaration from your own numbers; in sudden death only the declaration. As a
picture: the pool, the last pick marked, and each player's numbers."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center
from textual.widgets import Static

from app.match_session.setup import marks
from app.tui.boards.common import Board, Played, digit_bindings, picture_pool, side_by_side
from app.tui.hints import mark_keys
from app.tui.mounting import gone
from rules.base import GameState, IllegalMove, PlayerNo
from rules.collect import GAME, SUDDEN_DEATH_TURNS, CollectMove, CollectOptions, CollectState
from rules.equation.preview import preview_equation
from rules.player_text import normalize_equation
from rules.words.common import capitalized
from widgets.digit_pool import DigitPool
from widgets.equation_input import EquationInput


class CollectBoard(Board[CollectOptions, CollectState, CollectMove]):
    KEYS: ClassVar[list[BindingType]] = [
        *digit_bindings("Pick", "0-9"),
        Binding("enter", "enter", "Pick", show=False),
    ]

    pending: int | None = None

    def compose_board(self) -> ComposeResult:
        numbers = self.options.numbers()
        with Center(id="collect-pool-row", classes="-rows" if len(numbers) > 9 else ""):
            yield DigitPool(
                numbers,
                columns=9 if len(numbers) <= 9 else 8,
                id="collect-pool",
                classes="-compact",
            )
        # The box stays for the whole game (a pick shows without a new layout); a player
        # holds at most half the pool, the pick included: that many number keys.
        cells = (len(numbers) + 1) // 2
        yield EquationInput(ops=self.options.ops, number_cells=cells, id="declare")

    def compose_picture(self) -> ComposeResult:
        numbers = self.options.numbers()
        yield picture_pool(numbers, 9 if len(numbers) <= 9 else 8, "position-pool")
        yield Static(id="position-holdings", classes="position-line")

    def on_mount(self) -> None:
        if self.read_only or gone(self.game_screen):
            return
        declare = self.query_one(EquationInput)
        declare.waiting = True
        declare.double_digits = self.options.double_digits
        self.game_screen.set_focus(self.query_one(DigitPool))

    @property
    def sudden_death(self) -> bool:
        state = self.game_screen.state
        return bool(state is not None and state.phase == "sudden-death")

    def draw(self, state: CollectState) -> None:
        pool = self.query_one(DigitPool)
        taken: dict[int, int] = {}
        for player in (1, 2):
            for number in state.numbers_of(player):
                taken[number] = player
        pool.taken = taken
        pool.selected = () if self.pending is None else (self.pending,)
        pool.player = state.to_move  # the chooser's colour
        pool.active = self.human_to_move and not self.sudden_death
        pool.marks = marks(self.game_screen.setup.names)
        declare = self.query_one(EquationInput)
        asking = self.human_to_move and (self.pending is not None or self.sudden_death)
        mine = state.numbers_of(self.declarer(state))
        if asking and self.pending is not None:
            mine = (*mine, self.pending)
        declare.keys = tuple(sorted(mine))
        declare.owned = tuple(mine)
        declare.hint = self.declare_hint(state, asking)
        if asking and declare.waiting:
            declare.go_live()
        elif not asking and not declare.waiting:
            declare.wait(focus=pool)

    def declarer(self, state: CollectState) -> PlayerNo:
        """Whose numbers the box shows: the mover's, or while the computer moves, the person's."""
        other: PlayerNo = 2 if state.to_move == 1 else 1
        if self.human_to_move or other in self.game_screen.session.computers:
            return state.to_move
        return other

    def declare_hint(self, state: CollectState, asking: bool = True) -> str:
        """The box's title, shortened where the box is narrow, never cut off."""
        if not asking:
            if self.human_to_move:
                return "Declare: pick a number first"
            return "Declare: wait for your turn"
        if self.sudden_death:
            turn = state.sudden_death_turns + 1
            head = f"Sudden death, turn {turn} of {SUDDEN_DEATH_TURNS}: declare"
            long, short = f"{head}, or Esc for none", f"{head} or Esc"
        else:
            long = f"Picked {self.pending}: declare an equation, or Esc to end the turn"
            short = f"Picked {self.pending}: declare, or Esc to end the turn"
        return self.title_fitting(self.query_one(EquationInput), long, short)

    def holdings(self, state: CollectState, player: PlayerNo) -> Text:
        mine = state.numbers_of(player)
        if not mine:
            return Text("no numbers yet", style="italic")
        return Text(f"{' '.join(map(str, mine))}  (sum {sum(mine)})")

    def turn_hint(self, state: CollectState) -> str:
        if state.phase == "sudden-death":
            return (
                f"Sudden death: Player {state.to_move} may declare one equation from their "
                "numbers (Enter), or none (Esc)."
            )
        if self.pending is not None:  # picked: now the declaration
            return (
                f"Player {state.to_move}: picked {self.pending}; declare an equation (Enter), "
                "or Esc to end the turn."
            )
        return f"Player {state.to_move}: pick a number (key or click), then you may declare."

    def reset_input(self) -> None:
        self.pending = None
        if self.is_mounted:
            self.query_one(EquationInput).clear()
            self.query_one(DigitPool).clear_typed()

    def keypad_open(self) -> bool:
        return self.human_to_move and not self.sudden_death

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if not self.human_to_move or self.sudden_death:
            return
        try:
            GAME.check_pick(self.position, event.number)
        except IllegalMove as error:  # say why, nothing changes
            self.game_screen.refuse(str(error))
            return
        self.pending = event.number
        self.query_one(EquationInput).clear()
        self.changed()

    def _move(self, declaration: str | None) -> CollectMove:
        return CollectMove(pick=self.pending, declaration=declaration)

    @on(EquationInput.Declared)
    def _declared(self, event: EquationInput.Declared) -> None:
        event.stop()
        if self.pending is None and not self.sudden_death:
            return
        move = self._move(normalize_equation(event.text))
        declare = self.query_one(EquationInput)
        kind, verdict = preview_equation(
            event.text, declare.owned, declare.ops, declare.double_digits
        )
        screen = self.game_screen
        if kind == "balanced":
            screen.play(move)
            return
        # A declaration that fails ends the turn: ask first.
        state = screen.state

        def answer(yes: bool | None) -> None:
            if yes and screen.state is state:
                screen.play(move)
            elif self.is_mounted:
                declare.focus_line()

        self.game_screen.confirm(
            "This declaration fails and ends your turn",
            capitalized(verdict) + ".",
            "Declare anyway",
            "Keep typing",
            answer,
        )

    @on(EquationInput.Skipped)
    def _skipped(self, event: EquationInput.Skipped) -> None:
        event.stop()
        if self.pending is not None or self.sudden_death:
            self.game_screen.play(self._move(None))

    def show_hint(self, move: str | None) -> None:
        """(The status line gives the hinted pick's declaration.)"""
        pick = None if move is None else self.game_screen.game.parse_move(move).pick
        mark_keys(self.query_one(DigitPool), (pick,))

    def picture(self, state: GameState, played: Played) -> None:
        assert isinstance(state, CollectState)
        picks = [move.pick for _, move in played if isinstance(move, CollectMove)]
        last = picks[-1] if picks else None
        pool = self.query_one("#position-pool", DigitPool)
        pool.taken = {n: p for p in (1, 2) for n in state.numbers_of(p)}
        pool.marks = marks(self.picture_names)
        pool.selected = (last,) if last is not None else ()
        parts = []
        for player in (1, 2):
            mine = state.numbers_of(player)
            held = " ".join(map(str, mine)) if mine else "none"
            sums = f" (sum {sum(mine)})" if mine else ""
            parts.append(f"{self.player_name(player)}: {held}{sums}")
        line = side_by_side(parts)
        if state.phase == "sudden-death":
            line += f"\nSudden death: turn {state.sudden_death_turns + 1} of 4"
        self.query_one("#position-holdings", Static).update(Text(line))
