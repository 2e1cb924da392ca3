"""Countdown Duel (seed 004, RULINGS.md "countdown"); the rules are in `rules/texts/countdown.md`."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import groupby
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from rules import base
from rules.notation import not_a_move
from rules.operators import ALL_OPS, Op, apply_whole, parse_op
from rules.player_text import read_move
from rules.validation import between, span

#: How `pass` is written in the notation.
PASS_TEXT = "pass"
#: Longest number the notation reads (anything longer is not a move).
MAX_DIGITS = 9

_VERBS: dict[Op, str] = {"+": "adds", "-": "subtracts", "*": "multiplies by", "/": "divides by"}


class CountdownOptions(base.GameOptions):
    """The target to reach and the numbers each player owns (`pool`, lo..hi)."""

    target: Annotated[int, between("the target", 1, 1000)] = Field(
        default=30, description="Reach this running total or more to win."
    )
    pool: Annotated[tuple[int, int], span("the pool", 1, 9)] = Field(
        default=(1, 9), description="The lowest and highest number each player owns."
    )

    def numbers(self) -> tuple[int, ...]:
        """Each player's numbers at the start."""
        lo, hi = self.pool
        return tuple(range(lo, hi + 1))


class CountdownMove(base.Frozen):
    """An operator and a number (`+5`), or neither: a pass (`pass`)."""

    op: Op | None = None
    number: int | None = Field(default=None, ge=0, lt=10**MAX_DIGITS)

    @model_validator(mode="after")
    def _both_or_neither(self) -> CountdownMove:
        if (self.op is None) != (self.number is None):
            raise ValueError("a move is an operator with a number, or a pass (neither)")
        return self

    @property
    def is_pass(self) -> bool:
        return self.op is None


PASS = CountdownMove()


class CountdownState(base.GameState):
    """The running total, both players' available numbers, and whose turn it is."""

    options: CountdownOptions
    running_total: int = 0
    #: Player 1's and Player 2's unused numbers, each sorted.
    available: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: base.PlayerNo
    #: Turns in a row without a valid move (a lost turn, a pass or a skip): 0, 1 or 2.
    passes_in_row: int = Field(default=0, ge=0, le=2)
    #: Who made the last valid move, None while nobody has.
    last_valid_mover: base.PlayerNo | None = None
    #: The winner and why, once the game is over.
    result: base.Outcome | None = None

    @field_validator("available")
    @classmethod
    def _sorted_unique(
        cls, value: tuple[tuple[int, ...], tuple[int, ...]]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        for numbers in value:
            if list(numbers) != sorted(set(numbers)):
                raise ValueError("available numbers must be sorted and distinct")
        return value

    def available_to(self, player: base.PlayerNo) -> tuple[int, ...]:
        """The numbers `player` may still use."""
        return self.available[player - 1]


def format_numbers(numbers: tuple[int, ...] | list[int]) -> str:
    """Numbers with runs compressed as the seed writes them: `1-4, 6-9`, `1, 4-9`, `none`."""
    in_order = enumerate(sorted(numbers))  # a run keeps number − position the same
    runs = [[n for _, n in run] for _, run in groupby(in_order, lambda pair: pair[1] - pair[0])]
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs) or "none"


_MOVE = re.compile(r"^(?:(?P<op1>[^\s0-9])\s*(?P<n1>[0-9]+)|(?P<n2>[0-9]+)\s*(?P<op2>[^\s0-9]))$")


@lru_cache(maxsize=4096)
def _moves_with(own: tuple[int, ...]) -> tuple[CountdownMove, ...]:
    """Every operator with every number of `own`, then `pass` (moves are immutable, so one
    tuple serves every position where the mover holds these numbers)."""
    return (*(CountdownMove(op=op, number=n) for op in ALL_OPS for n in own), PASS)


class CountdownGame(
    base.Game[CountdownOptions, CountdownState, CountdownMove], game_id="countdown"
):
    def new(self, options: CountdownOptions | None = None) -> CountdownState:
        options = options or CountdownOptions()
        numbers = options.numbers()
        return CountdownState(options=options, available=(numbers, numbers), to_move=options.first)

    def outcome(self, state: CountdownState) -> base.Outcome | None:
        return state.result

    def legal_moves(self, state: CountdownState) -> list[CountdownMove]:
        """Every operator with every unused own number, then `pass` (while not over)."""
        if state.result is not None:
            return []
        return list(_moves_with(state.available_to(state.to_move)))

    def invalid_reason(self, state: CountdownState, move: CountdownMove) -> str | None:
        """Why a well-formed move loses the turn (a sentence), or None (also for a pass)."""
        if move.op is None or move.number is None:
            return None
        lo, hi = state.options.pool
        own = state.available_to(state.to_move)
        if move.op == "/" and move.number == 0:
            return "Division by zero is not allowed."
        if not lo <= move.number <= hi:
            return f"{move.number} is not one of the numbers {lo}-{hi}."
        if move.number not in own:
            if not own:
                return f"You have no numbers left ({move.number} has already been used)."
            return f"{move.number} has already been used (numbers left: {format_numbers(own)})."
        return None

    def play(self, state: CountdownState, move: CountdownMove) -> CountdownState:
        if state.result is not None:
            raise base.IllegalMove(f"The game is over: Player {state.result.winner} has won.")
        player = state.to_move
        own = state.available_to(player)
        if move.op is None or move.number is None:
            skip = None if own else f"Player {player} has no numbers left and skips the turn."
            return self._no_valid_move(state, skip)
        reason = self.invalid_reason(state, move)
        if reason is not None:
            return self._no_valid_move(
                state, f"Invalid move: {reason} Player {player} loses their turn."
            )
        total = apply_whole(state.running_total, move.op, move.number)
        left = tuple(n for n in own if n != move.number)
        available = (left, state.available[1]) if player == 1 else (state.available[0], left)
        result: base.Outcome | None = None
        if total >= state.options.target:
            result = base.Outcome(winner=player, ending=base.Ending.TARGET, values=(total,))
        elif not available[0] and not available[1]:
            result = _stalemate(state.options, player)
        return CountdownState(
            options=state.options,
            running_total=total,
            available=available,
            to_move=base.other(player),
            passes_in_row=0,
            last_valid_mover=player,
            note=None,
            result=result,
        )

    def _no_valid_move(self, state: CountdownState, note: str | None) -> CountdownState:
        """A turn that changes nothing: a lost turn, a pass or a forced skip."""
        passes = state.passes_in_row + 1
        result: base.Outcome | None = None
        if passes >= 2 or not (state.available[0] or state.available[1]):
            result = _stalemate(state.options, state.last_valid_mover)
        return state.model_copy(
            update={
                "to_move": base.other(state.to_move),
                "passes_in_row": passes,
                "note": note,
                "result": result,
            }
        )

    def parse_move(self, text: str) -> CountdownMove:
        """`+5`, `*3`, `/2`, `-9` (also `5+`, `+ 5`, `× 3`, `÷2`, `x3`) or `pass`."""
        written = read_move(text, base.MoveSyntaxError)
        if written.lower() == PASS_TEXT:
            return PASS
        match = _MOVE.match(written)
        if match is not None:
            op = parse_op(match["op1"] or match["op2"])
            digits = match["n1"] or match["n2"]
            if op is not None and len(digits) <= MAX_DIGITS:
                return CountdownMove(op=op, number=int(digits))
        raise not_a_move(
            written, "enter an operator and a number, e.g. '+5', '*3', '/2' or '-9', or 'pass'."
        )

    def format_move(self, move: CountdownMove) -> str:
        if move.op is None or move.number is None:
            return PASS_TEXT
        return f"{move.op}{move.number}"

    def describe(self, player_name: str, move: CountdownMove, total: int) -> str:
        """The seed's report of a valid move: "Player 1 adds 5. Running total is now 5."."""
        assert move.op is not None and move.number is not None
        return f"{player_name} {_VERBS[move.op]} {move.number}. Running total is now {total}."


def _stalemate(options: CountdownOptions, last_valid: base.PlayerNo | None) -> base.Outcome:
    if last_valid is None:
        return base.Outcome(winner=base.other(options.first), ending=base.Ending.STALEMATE)
    return base.Outcome(winner=last_valid, ending=base.Ending.STALEMATE, player=last_valid)


GAME = CountdownGame()

VARIANTS: dict[str, CountdownOptions] = {
    "standard": CountdownOptions(),
    "first=2": CountdownOptions(first=2),
    "target-50": CountdownOptions(target=50),
    "target-10": CountdownOptions(target=10),
    "small-pool": CountdownOptions(pool=(1, 5)),
    "tiny-pool": CountdownOptions(pool=(1, 3)),
    "small-pool+first=2": CountdownOptions(pool=(1, 5), first=2),
    "tiny-pool+target-10": CountdownOptions(pool=(1, 3), target=10),
}
