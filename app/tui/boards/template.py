"""Templates' board: both players' templates with a slot cursor (arrows, Tab, a click),
and the shared digits. As a picture: the last digit placed and its slot marked."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center

from app.tui.boards.common import Board, Played, digit_bindings, picture_pool
from app.tui.boards.slot_cursor import Arrow, Cursor, moved
from app.tui.hints import mark_keys
from rules.base import GameState, PlayerNo, other
from rules.template import (
    SLOTS,
    TemplateMove,
    TemplateOptions,
    TemplateState,
    partial_text,
    result,
    result_text,
    template_of,
)
from rules.words.common import capitalized, number_text, owned
from widgets.digit_pool import DigitPool
from widgets.equation_template import EquationTemplate

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
    return f"could end between {number_text(min(found))} and {number_text(max(found))}"


def result_words(state: TemplateState, player: PlayerNo) -> str:
    """A filled template's result as a player reads it: `39`, `−7⁄2` (never `-7/2`),
    `undefined (divides by zero)`."""
    value = result(state, player)
    return result_text(state, player) if value is None else number_text(value)


class TemplateBoard(Board[TemplateOptions, TemplateState, TemplateMove]):
    KEYS: ClassVar[list[BindingType]] = [
        *digit_bindings("Place digit", "0-9"),
        Binding("left", "arrow('left')", "Slot", show=False),
        Binding("right", "arrow('right')", "Slot", key_display="←→"),
        Binding("up", "arrow('up')", "Template", key_display="↑↓"),
        Binding("down", "arrow('down')", "Template", show=False),
        Binding("tab", "next_empty(1)", "Next slot", show=False),
        Binding("shift+tab", "next_empty(-1)", "Previous slot", show=False),
    ]

    #: The slot the next digit goes to (the first player's first slot at the start).
    cursor: Cursor

    def _digits(self) -> tuple[int, ...]:
        return tuple(range(self.options.digits[0], self.options.digits[1] + 1))

    def compose_board(self) -> ComposeResult:
        for player in (1, 2):  # (the first mover's cursor in theirs, as `on_mount` puts it)
            active = player == self.options.first
            yield EquationTemplate(
                player, self.options.template, active=active, id=f"template-{player}"
            )
        pool = DigitPool(self._digits(), columns=10, id="template-pool", classes="-compact")
        pool.can_focus = False  # the arrows move the slot cursor here
        with Center(id="template-pool-row"):
            yield pool

    def compose_picture(self) -> ComposeResult:
        for player in (1, 2):
            yield EquationTemplate(player, self.options.template, id=f"position-template-{player}")
        yield picture_pool(self._digits(), 10, "position-pool")

    def on_mount(self) -> None:
        self.cursor = (self.options.first, 1)

    def draw_templates(self, state: TemplateState, prefix: str = "") -> None:
        """Both templates and the digits left (a picture's ids begin with `prefix`)."""
        for player in (1, 2):
            widget = self.query_one(f"#{prefix}template-{player}", EquationTemplate)
            widget.border_title = Text(capitalized(owned("template", self.player_name(player))))
            widget.values = state.template_slots(player)
        pool = self.query_one(f"#{prefix or 'template-'}pool", DigitPool)
        counts = {d: state.pool.count(d) for d in set(state.pool)}
        pool.counts = counts
        pool.taken = {d: 0 for d in pool.numbers if d not in counts}

    def draw(self, state: TemplateState) -> None:
        self._fix_cursor(state)
        self.draw_templates(state)
        over = self.game_screen.is_over
        for player in (1, 2):
            widget = self.query_one(f"#template-{player}", EquationTemplate)
            widget.cursor = self.cursor[1] if self.cursor[0] == player and not over else None
            widget.active = self.cursor[0] == player and not over
            widget.value_text = self.value_text(state, player)
        self.query_one(DigitPool).active = self.human_to_move

    def value_text(self, state: TemplateState, player: PlayerNo, *, reach: bool = True) -> str:
        """The result, or the value so far with (if `reach`) where it could end."""
        values = state.template_slots(player)
        if all(v is not None for v in values):
            return f"= {result_words(state, player)}"
        partial = partial_text(state, player, blank="_")
        could = reachable(state.options.template, values, state.pool) if reach else ""
        return f"{partial}   {could}" if could else partial

    def holdings(self, state: TemplateState, player: PlayerNo) -> Text:
        values = state.template_slots(player)
        if all(v is not None for v in values):
            return Text(f"result {result_words(state, player)}")
        filled = sum(v is not None for v in values)
        return Text(f"{filled} of {SLOTS} slots filled")

    def turn_hint(self, state: TemplateState) -> str:
        return (
            f"Player {state.to_move}: choose a slot in either template (arrows, Tab or click), "
            "then a digit (key or click)."
        )

    def _fix_cursor(self, state: TemplateState) -> None:
        """Off a filled slot: to the mover's first empty one, else the other's."""
        player, slot = self.cursor
        if state.template_slots(player)[slot - 1] is None:
            return
        for p in (state.to_move, other(state.to_move)):
            if None in (slots := state.template_slots(p)):
                self.cursor = (p, slots.index(None) + 1)
                return

    def reset_input(self) -> None:
        state = self.game_screen.state
        if state is not None and self.is_mounted:
            self.cursor = (other(state.to_move), 1)

    def action_arrow(self, arrow: Arrow) -> None:
        state = self.position
        slots = {p: state.template_slots(p) for p in PLAYERS}
        self.cursor = moved(self.cursor, arrow, slots)
        self.game_screen.redraw()

    def action_next_empty(self, step: int) -> None:
        order: list[Cursor] = [(p, s) for p in PLAYERS for s in range(1, SLOTS + 1)]
        index = order.index(self.cursor)
        for offset in range(1, len(order) + 1):
            player, slot = order[(index + step * offset) % len(order)]
            if self.position.template_slots(player)[slot - 1] is None:
                self.cursor = (player, slot)
                break
        self.game_screen.redraw()

    @on(EquationTemplate.SlotChosen)
    def _slot_chosen(self, event: EquationTemplate.SlotChosen) -> None:
        event.stop()
        if self.read_only:
            return
        self.cursor = (1 if event.player == 1 else 2, event.slot)
        self.game_screen.refusal = None
        self.game_screen.redraw()

    @on(DigitPool.Picked)
    def _picked(self, event: DigitPool.Picked) -> None:
        event.stop()
        if self.human_to_move:
            player, slot = self.cursor
            self.game_screen.play(TemplateMove(digit=event.number, player=player, slot=slot))

    def show_hint(self, move: str | None) -> None:
        """The hinted digit and slot highlighted, the slot cursor there."""
        hinted = None if move is None else self.game_screen.game.parse_move(move)
        mark_keys(self.query_one(DigitPool), () if hinted is None else (hinted.digit,))
        for player in (1, 2):
            widget = self.query_one(f"#template-{player}", EquationTemplate)
            widget.hinted = hinted.slot if hinted is not None and hinted.player == player else None
        if hinted is not None:
            self.cursor = (hinted.player, hinted.slot)
            self.game_screen.redraw()

    def picture(self, state: GameState, played: Played) -> None:
        assert isinstance(state, TemplateState)
        placed = [move for _, move in played if isinstance(move, TemplateMove)]
        last = placed[-1] if placed else None
        self.draw_templates(state, "position-")
        for player in (1, 2):
            widget = self.query_one(f"#position-template-{player}", EquationTemplate)
            widget.cursor = last.slot if last is not None and last.player == player else None
            widget.value_text = self.value_text(state, player, reach=False)
        self.query_one("#position-pool", DigitPool).selected = (last.digit,) if last else ()
