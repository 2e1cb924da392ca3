"""Templates on screen: both players' templates with a slot cursor, and the shared digits.

Move the cursor to any empty slot (arrows, Tab, or a click), then pick a digit (its key
or a click) to place it there.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center

from app.match_session.referee import Referee
from app.tui.boards.common import KeypadBoard
from app.tui.boards.slot_cursor import Arrow, Cursor, moved
from app.tui.hints import HINT_CLASS, mark_keys
from app.tui.keys import digit_bindings
from app.tui.mounting import gone
from app.tui.session import GameSetup
from rules.base import PlayerNo, other
from rules.operators import format_fraction
from rules.records import GameRecord
from rules.template import (
    SLOTS,
    TemplateMove,
    TemplateOptions,
    TemplateState,
    partial_text,
    result_text,
    template_of,
)
from rules.words.common import capitalized, owned
from widgets.digit_pool import DigitPool
from widgets.equation_template import EquationTemplate, SlotKey

PLAYERS: tuple[PlayerNo, PlayerNo] = (1, 2)


@lru_cache(maxsize=256)
def reachable(template: str, values: tuple[int | None, ...], pool: tuple[int, ...]) -> str:
    """`between 15 and 63` over the ways the digits left could fill the empty slots."""
    empty = [i for i, v in enumerate(values) if v is None]
    if not empty or len(empty) > 2:
        return ""
    parsed = template_of(template)
    found = []
    for digits in set(permutations(pool, len(empty))):
        filled = list(values)
        for index, digit in zip(empty, digits, strict=True):
            filled[index] = digit
        value = parsed.evaluate([d for d in filled if d is not None])
        if value is not None:
            found.append(value)
    if not found:
        return ""
    low, high = format_fraction(min(found)), format_fraction(max(found))
    return f"could end between {low} and {high}".replace("-", "−")


class TemplateScreen(KeypadBoard[TemplateOptions, TemplateState, TemplateMove]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *digit_bindings("Place digit", "0-9"),
        Binding("left", "arrow('left')", "Slot", show=False),
        Binding("right", "arrow('right')", "Slot", key_display="←→"),
        Binding("up", "arrow('up')", "Template", key_display="↑↓"),
        Binding("down", "arrow('down')", "Template", show=False),
        Binding("tab", "next_empty(1)", "Next slot", show=False),
        Binding("shift+tab", "next_empty(-1)", "Previous slot", show=False),
    ]

    def __init__(
        self,
        setup: GameSetup,
        moves: list[str] | None = None,
        record: GameRecord | None = None,
        *,
        referee: Referee | None = None,
    ) -> None:
        super().__init__(setup, moves, record, referee=referee)
        self.cursor: Cursor = (self.setup.first, 1)

    def compose_board(self) -> ComposeResult:
        yield EquationTemplate(1, id="template-1")
        yield EquationTemplate(2, id="template-2")
        options = self.options
        digits = tuple(range(options.digits[0], options.digits[1] + 1))
        pool = DigitPool(digits, columns=10, id="template-pool", classes="-compact")
        pool.can_focus = False  # the arrows move the slot cursor here
        with Center(id="template-pool-row"):
            yield pool

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted
            return
        for player in (1, 2):
            widget = self.query_one(f"#template-{player}", EquationTemplate)
            widget.template = self.options.template

    def update_board(self, state: TemplateState) -> None:
        self._fix_cursor(state)
        for player in (1, 2):
            widget = self.query_one(f"#template-{player}", EquationTemplate)
            widget.border_title = Text(capitalized(owned("template", self.setup.name(player))))
            values = state.template_slots(player)
            widget.values = values
            widget.cursor = (
                self.cursor[1] if self.cursor[0] == player and not self.is_over else None
            )
            widget.active = self.cursor[0] == player and not self.is_over
            widget.value_text = self.value_text(state, player)
        pool = self.query_one(DigitPool)
        counts = {d: state.pool.count(d) for d in set(state.pool)}
        pool.counts = counts
        pool.taken = {d: 0 for d in pool.numbers if d not in counts}
        pool.active = self.human_to_move

    def value_text(self, state: TemplateState, player: PlayerNo) -> str:
        values = state.template_slots(player)
        if all(v is not None for v in values):
            return f"= {result_text(state, player)}".replace("-", "−")
        partial = partial_text(state, player, blank="_")
        reach = reachable(state.options.template, values, state.pool)
        return f"{partial}   {reach}" if reach else partial

    def holdings(self, state: TemplateState, player: PlayerNo) -> Text:
        values = state.template_slots(player)
        if all(v is not None for v in values):
            return Text(f"result {result_text(state, player)}")
        filled = sum(v is not None for v in values)
        return Text(f"{filled} of {SLOTS} slots filled")

    def turn_hint(self, state: TemplateState) -> str:
        return (
            f"Player {state.to_move}: choose a slot in either template (arrows, Tab or click), "
            "then a digit (key or click)."
        )

    # The slot cursor

    def _empty(self, state: TemplateState) -> list[Cursor]:
        players: tuple[PlayerNo, PlayerNo] = (state.to_move, other(state.to_move))
        return [
            (p, s)
            for p in players
            for s in range(1, SLOTS + 1)
            if state.template_slots(p)[s - 1] is None
        ]

    def _fix_cursor(self, state: TemplateState) -> None:
        player, slot = self.cursor
        if state.template_slots(player)[slot - 1] is None:
            return
        empty = self._empty(state)
        if empty:
            self.cursor = empty[0]

    def reset_input(self) -> None:
        if self.state is not None and self.is_mounted:
            # After a move the cursor goes to the next mover's own first empty slot.
            self.cursor = (other(self.state.to_move), 1)

    def action_arrow(self, arrow: Arrow) -> None:
        """The nearest empty slot in the arrow's direction (`slot_cursor.moved`)."""
        state = self.position
        slots = {p: state.template_slots(p) for p in PLAYERS}
        self.cursor = moved(self.cursor, arrow, slots)
        self.redraw()

    def action_next_empty(self, step: int) -> None:
        order: list[Cursor] = [(p, s) for p in PLAYERS for s in range(1, SLOTS + 1)]
        index = order.index(self.cursor)
        for offset in range(1, len(order) + 1):
            player, slot = order[(index + step * offset) % len(order)]
            if self.position.template_slots(player)[slot - 1] is None:
                self.cursor = (player, slot)
                break
        self.redraw()

    @on(EquationTemplate.SlotChosen)
    def _slot_chosen(self, event: EquationTemplate.SlotChosen) -> None:
        event.stop()
        self.cursor = (1 if event.player == 1 else 2, event.slot)
        self.refusal = None
        self.redraw()

    # Placing

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if self.human_to_move:
            player, slot = self.cursor
            self.play(TemplateMove(digit=event.number, player=player, slot=slot))

    def show_hint(self, move: str | None) -> None:
        """Highlight the hinted digit and slot, and put the slot cursor there."""
        hinted = None if move is None else self.game.parse_move(move)
        mark_keys(self.query_one(DigitPool), () if hinted is None else (hinted.digit,))
        for player in (1, 2):
            widget = self.query_one(f"#template-{player}", EquationTemplate)
            for key in widget.query(SlotKey):
                on = hinted is not None and (hinted.player, hinted.slot) == (player, key.slot)
                key.set_class(on, HINT_CLASS)
        if hinted is not None:
            self.cursor = (hinted.player, hinted.slot)
            self.redraw()


SCREEN = TemplateScreen
