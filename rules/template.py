"""Equation Duel: Templates (seed 001, RULINGS.md "template"); the rules are in
`rules/texts/template.md`. Notation: `DIGIT@PLAYER.SLOT` (`9@1.1`: 9 in Player 1's first
slot). A state is one round; matches and the clock are `rules.match`'s.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from rules import base
from rules.equation.template import Template, parse_template
from rules.notation import read_notation
from rules.operators import format_fraction
from rules.validation import between, span
from rules.words.outcome import record_reason

#: The named templates (seed's default and "Additional Rules"), in canonical text.
TEMPLATES: tuple[str, ...] = ("_ + _ × _", "(_ + _) × _", "_ × _ − _", "_ × (_ + _)")
#: Each template has this many slots; both templates together are full after 2 × SLOTS turns.
SLOTS = 3
TURN_SECONDS_RANGE = (5, 3600)
ROUNDS_RANGE = (1, 9)

#: The digits placed in one player's template, slots 1-3 left to right (None = empty).
Slots = tuple[int | None, int | None, int | None]
EMPTY: Slots = (None, None, None)


@lru_cache(maxsize=64)
def template_of(text: str) -> Template:
    """The parsed template (raises TemplateError, a ValueError, with a clear message)."""
    return parse_template(text)


class TemplateOptions(base.GameOptions):
    """How a game of Templates is set up."""

    template: str = Field(default=TEMPLATES[0], description="The equation both players fill.")
    digits: Annotated[tuple[int, int], span("the digits", 0, 9)] = Field(
        default=(1, 9), description="Lowest and highest digit."
    )
    copies: int = Field(default=1, description="How often each digit is in the pool (1 or 2).")
    rounds_to_win: Annotated[int, between("the round wins needed", *ROUNDS_RANGE)] = Field(
        default=1, description="Round wins that take the match (1–9)."
    )
    turn_seconds: Annotated[
        int | None, between("the time per turn", *TURN_SECONDS_RANGE, " seconds")
    ] = Field(default=None, description="Seconds a player has for a turn (5–3600), or no limit.")

    @field_validator("template")
    @classmethod
    def _template_has_three_slots(cls, value: str) -> str:
        template = template_of(value)
        if template.slots != SLOTS:
            raise ValueError(
                f"a template needs exactly {SLOTS} slots _, and {template.text} has "
                f"{template.slots}"
            )
        return template.text

    @field_validator("copies")
    @classmethod
    def _copies_one_or_two(cls, value: int) -> int:
        if value not in (1, 2):
            raise ValueError(
                f"each digit is in the pool once or twice (copies 1 or 2), not {value}"
            )
        return value

    @model_validator(mode="after")
    def _pool_fills_the_slots(self) -> TemplateOptions:
        size = len(self.pool())
        if size < 2 * SLOTS:
            lo, hi = self.digits
            raise ValueError(
                f"the digits {lo}-{hi} give a pool of {size}, but the six slots need at least "
                f"{2 * SLOTS} digits (widen the digits or use copies 2)"
            )
        return self

    def pool(self) -> tuple[int, ...]:
        """The whole pool at the start, in increasing order (repeats for copies 2)."""
        lo, hi = self.digits
        return tuple(d for d in range(lo, hi + 1) for _ in range(self.copies))

    def parsed(self) -> Template:
        return template_of(self.template)


class TemplateMove(base.Frozen):
    """One turn: `digit` placed in `player`'s template at `slot` (1-3, left to right)."""

    digit: int = Field(ge=0, le=9)
    player: base.PlayerNo
    slot: int = Field(ge=1, le=SLOTS)


class TemplateState(base.GameState):
    """A position: the digits left, both templates' slots and whose turn it is."""

    options: TemplateOptions = Field(default_factory=TemplateOptions)
    pool: tuple[int, ...] = Field(description="The digits left, in increasing order.")
    slots: tuple[Slots, Slots] = (EMPTY, EMPTY)

    @model_validator(mode="after")
    def _consistent(self) -> TemplateState:
        if list(self.pool) != sorted(self.pool):
            raise ValueError("the pool must list its digits in increasing order")
        counts = {d: self.options.copies for d in self.options.pool()}
        for digit in (*self.pool, *(d for row in self.slots for d in row if d is not None)):
            if counts.get(digit, 0) == 0:
                raise ValueError(f"{digit} is in the game more often than the pool holds it")
            counts[digit] -= 1
        return self

    def template_slots(self, player: base.PlayerNo) -> Slots:
        return self.slots[player - 1]

    def is_full(self) -> bool:
        return all(d is not None for row in self.slots for d in row)


def pool_text(pool: tuple[int, ...]) -> str:
    """`1 2 3` (the seed's "Available digits: 1 2 3")."""
    return " ".join(str(d) for d in pool) or "none"


def partial_text(state: TemplateState, player: base.PlayerNo, blank: str = "__") -> str:
    """The player's equation so far, e.g. `9 + __ × 6` (screen symbols)."""
    return state.options.parsed().render(state.template_slots(player), blank=blank)


def result(state: TemplateState, player: base.PlayerNo) -> Fraction | None:
    """The player's exact result; None while a slot is empty or when it divides by zero."""
    values = state.template_slots(player)
    if any(d is None for d in values):
        return None
    return state.options.parsed().evaluate([d for d in values if d is not None])


def _exact(value: Fraction) -> int | Fraction:
    """A result as an outcome quotes it: a whole number as an int."""
    return value.numerator if value.denominator == 1 else value


def result_text(state: TemplateState, player: base.PlayerNo) -> str:
    """`39`, `7/2`, `undefined (divides by zero)` or `not complete`."""
    if any(d is None for d in state.template_slots(player)):
        return "not complete"
    value = result(state, player)
    return "undefined (divides by zero)" if value is None else format_fraction(value)


def empty_slots(state: TemplateState) -> list[tuple[base.PlayerNo, int]]:
    players: tuple[base.PlayerNo, base.PlayerNo] = (1, 2)
    return [
        (player, slot)
        for player in players
        for slot in range(1, SLOTS + 1)
        if state.template_slots(player)[slot - 1] is None
    ]


_MOVE = re.compile(r"^([0-9]) ?@ ?([0-9]) ?\. ?([0-9])$")


class TemplateGame(base.Game[TemplateOptions, TemplateState, TemplateMove], game_id="template"):
    def new(self, options: TemplateOptions | None = None) -> TemplateState:
        options = options or TemplateOptions()
        return TemplateState(options=options, pool=options.pool(), to_move=options.first)

    def legal_moves(self, state: TemplateState) -> list[TemplateMove]:
        if state.is_full():
            return []
        return [
            TemplateMove(digit=digit, player=player, slot=slot)
            for digit in sorted(set(state.pool))
            for player, slot in empty_slots(state)
        ]

    def check(self, state: TemplateState, move: TemplateMove) -> None:
        """Raise IllegalMove (what was wrong, what is allowed) if `move` cannot be played."""
        if state.is_full():
            outcome = self.outcome(state)
            reason = f": {record_reason(outcome)}" if outcome else ""
            raise base.IllegalMove(f"The game is over, all six slots are full{reason}.")
        if move.digit not in state.pool:
            lo, hi = state.options.digits
            if not lo <= move.digit <= hi:
                why = f"{move.digit} is not one of this game's digits {lo}-{hi}"
            elif state.options.copies == 2:
                why = f"Both {move.digit}s have already been used"
            else:
                why = f"{move.digit} has already been used"
            raise base.IllegalMove(f"{why}. Available digits: {pool_text(state.pool)}.")
        held = state.template_slots(move.player)[move.slot - 1]
        if held is not None:
            free = ", ".join(f"P{p} Slot {s}" for p, s in empty_slots(state))
            raise base.IllegalMove(
                f"Player {move.player}'s slot {move.slot} is already filled (it holds {held}); "
                f"digits never move. Empty slots: {free}."
            )

    def play(self, state: TemplateState, move: TemplateMove) -> TemplateState:
        self.check(state, move)
        pool = list(state.pool)
        pool.remove(move.digit)
        row = list(state.template_slots(move.player))
        row[move.slot - 1] = move.digit
        placed: Slots = (row[0], row[1], row[2])
        slots = (placed, state.slots[1]) if move.player == 1 else (state.slots[0], placed)
        return state.model_copy(
            update={
                "pool": tuple(pool),
                "slots": slots,
                "to_move": base.other(state.to_move),
                "note": None,
            }
        )

    def outcome(self, state: TemplateState) -> base.Outcome | None:
        if not state.is_full():
            return None
        second = base.other(state.options.first)
        one, two = result(state, 1), result(state, 2)
        if one is None and two is None:
            return base.Outcome(winner=second, ending=base.Ending.DIVIDES_BY_ZERO)
        if one is None or two is None:
            undefined: base.PlayerNo = 1 if one is None else 2
            return base.Outcome(
                winner=base.other(undefined), ending=base.Ending.DIVIDES_BY_ZERO, player=undefined
            )
        if one == two:
            return base.Outcome(
                winner=second, ending=base.Ending.EQUAL_RESULTS, values=(_exact(one),)
            )
        winner: base.PlayerNo = 1 if one > two else 2
        high, low = max(one, two), min(one, two)
        return base.Outcome(
            winner=winner, ending=base.Ending.HIGHER_RESULT, values=(_exact(high), _exact(low))
        )

    def parse_move(self, text: str) -> TemplateMove:
        found = read_notation(
            text, _MOVE, "write DIGIT@PLAYER.SLOT, like 9@1.1 (9 in Player 1's first slot)"
        )
        digit, player, slot = (int(found.group(i)) for i in (1, 2, 3))
        if player not in (1, 2):
            raise base.MoveSyntaxError(f"there is no Player {player}: the player is 1 or 2")
        if not 1 <= slot <= SLOTS:
            raise base.MoveSyntaxError(
                f"there is no slot {slot}: slots are 1, 2 and 3, left to right"
            )
        return TemplateMove(digit=digit, player=1 if player == 1 else 2, slot=slot)

    def format_move(self, move: TemplateMove) -> str:
        return f"{move.digit}@{move.player}.{move.slot}"


GAME = TemplateGame()

#: Every variant the rules text names (seed + rulings), and combinations of them.
VARIANTS: dict[str, TemplateOptions] = {
    "standard": TemplateOptions(),
    "player-2-first": TemplateOptions(first=2),
    "sum-times": TemplateOptions(template="(_ + _) × _"),
    "times-minus": TemplateOptions(template="_ × _ − _"),
    "times-sum": TemplateOptions(template="_ × (_ + _)"),
    "player-written": TemplateOptions(template="_ ÷ (_ − _)"),
    "digits-0-9": TemplateOptions(digits=(0, 9)),
    "each-digit-twice": TemplateOptions(copies=2),
    "digits-0-9+each-digit-twice": TemplateOptions(digits=(0, 9), copies=2),
    "player-written+each-digit-twice": TemplateOptions(template="_ ÷ (_ − _)", copies=2),
    "player-written+digits-0-9": TemplateOptions(template="(_ − _) ÷ _", digits=(0, 9)),
    "match": TemplateOptions(rounds_to_win=3),
    "timed": TemplateOptions(turn_seconds=30),
    "match+timed+player-2-first": TemplateOptions(rounds_to_win=2, turn_seconds=60, first=2),
}
