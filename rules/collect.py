"""Equation Duel: Collect & Declare (seed 000, RULINGS.md "collect"); the rules are in
`rules/texts/collect.md`.

Notation: the number picked, optionally `:` and the declared equation without spaces
(`7`, `3:5-2=3`); in sudden death `:EQUATION`, or `:` alone.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import field_validator

from rules import base
from rules.collect_text import (
    declaration_note,
    numbers_text,
    sudden_death_note,
)
from rules.equation.check import check_equation
from rules.equation.search import find_equation
from rules.notation import not_a_move
from rules.operators import ALL_OPS, Op, ops_from_text
from rules.player_text import normalize_equation, read_move_with_equation
from rules.validation import span

#: The largest pool the rules allow (the seed's "Extended Number Pool" variant).
POOL_MIN, POOL_MAX = 1, 15
#: Sudden death lasts two full rounds.
SUDDEN_DEATH_TURNS = 4

Phase = Literal["draft", "sudden-death"]

_PICK = re.compile(r"[0-9]{1,6}")


class CollectOptions(base.GameOptions):
    """The pool's range, whether digits may be joined, and the operators allowed."""

    pool: Annotated[tuple[int, int], span("the pool", POOL_MIN, POOL_MAX)] = (1, 9)
    double_digits: bool = False
    ops: tuple[Op, ...] = ALL_OPS

    @field_validator("pool", mode="before")
    @classmethod
    def _pool_from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = re.fullmatch(r"\s*([0-9]+)\s*[-–]\s*([0-9]+)\s*", value)
            if parts is None:
                raise ValueError(f"the pool is written LO-HI, e.g. 1-15 (got {value!r})")
            return (int(parts[1]), int(parts[2]))
        return value

    @field_validator("ops", mode="before")
    @classmethod
    def _ops_canonical(cls, value: Any) -> Any:
        if isinstance(value, str | list | tuple | set | frozenset):
            return ops_from_text(value)
        return value

    def numbers(self) -> tuple[int, ...]:
        """Every number of the pool at the start."""
        return tuple(range(self.pool[0], self.pool[1] + 1))


class CollectMove(base.Frozen):
    """One turn: the number picked (None in sudden death) and the declaration, if any."""

    pick: int | None = None
    declaration: str | None = None

    @field_validator("declaration")
    @classmethod
    def _normalized(cls, value: str | None) -> str | None:
        if value is None:
            return None
        return normalize_equation(value) or None


class CollectState(base.GameState):
    """Everything the game needs: its options, the pool, and each player's numbers."""

    options: CollectOptions = CollectOptions()
    #: The numbers still available, sorted.
    pool: tuple[int, ...]
    #: Each player's collected numbers, in the order they were picked.
    collected: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    phase: Phase = "draft"
    #: Turns taken in sudden death (it ends after four).
    sudden_death_turns: int = 0
    result: base.Outcome | None = None
    #: The last turn's declaration (normalized), whether it balanced, and why not.
    last_declaration: str | None = None
    last_valid: bool | None = None
    last_reason: str | None = None

    def numbers_of(self, player: base.PlayerNo) -> tuple[int, ...]:
        return self.collected[player - 1]


def tie_break(state: CollectState) -> base.Outcome:
    """Who wins when sudden death ends without an equation (higher sum, then largest)."""
    mine, theirs = state.collected
    sums = (sum(mine), sum(theirs))
    if sums[0] != sums[1]:
        winner: base.PlayerNo = 1 if sums[0] > sums[1] else 2
        high, low = sums[winner - 1], sums[2 - winner]
        return base.Outcome(winner=winner, ending=base.Ending.HIGHER_SUM, values=(high, low))
    # Equal sums: the pool holds every number once, so the largest numbers differ.
    largest = (max(mine, default=0), max(theirs, default=0))
    winner = 1 if largest[0] > largest[1] else 2
    return base.Outcome(
        winner=winner, ending=base.Ending.LARGEST_NUMBER, values=(sums[0], largest[winner - 1])
    )


class CollectGame(base.Game[CollectOptions, CollectState, CollectMove], game_id="collect"):
    def new(self, options: CollectOptions | None = None) -> CollectState:
        options = options or CollectOptions()
        return CollectState(options=options, pool=options.numbers(), to_move=options.first)

    def outcome(self, state: CollectState) -> base.Outcome | None:
        return state.result

    def legal_moves(self, state: CollectState) -> list[CollectMove]:
        if state.result is not None:
            return []
        mine = state.numbers_of(state.to_move)
        picks = (None,) if state.phase == "sudden-death" else state.pool
        moves = []
        for pick in picks:
            moves.append(CollectMove(pick=pick))
            numbers = mine if pick is None else (*mine, pick)
            equation = find_equation(numbers, state.options.ops, state.options.double_digits)
            if equation is not None:
                moves.append(CollectMove(pick=pick, declaration=equation))
        return moves

    def check_pick(self, state: CollectState, pick: int | None) -> None:
        """Raise IllegalMove unless `pick` is what this turn allows (the pick rules alone)."""
        available = numbers_text(state.pool)
        if state.phase == "sudden-death":
            if pick is not None:
                mine = numbers_text(state.numbers_of(state.to_move))
                raise base.IllegalMove(
                    f"no numbers can be selected in sudden death (the pool is empty): "
                    f"declare an equation with your numbers {mine} (:5-2=3), or nothing (:)"
                )
            return
        if pick is None:
            raise base.IllegalMove(
                f"select a number first (one declaration per turn, after the pick); "
                f"available numbers: {available}"
            )
        lo, hi = state.options.pool
        if not lo <= pick <= hi:
            raise base.IllegalMove(
                f"{pick} is not in the pool (numbers {lo} to {hi}); available numbers: {available}"
            )
        if pick not in state.pool:
            raise base.IllegalMove(f"{pick} has been taken; available numbers: {available}")

    def play(self, state: CollectState, move: CollectMove) -> CollectState:
        if state.result is not None:
            raise base.IllegalMove(f"the game is over: Player {state.result.winner} has won")
        self.check_pick(state, move.pick)
        mover = state.to_move
        collected = state.collected
        pool = state.pool
        if move.pick is not None:
            mine = (*collected[mover - 1], move.pick)
            collected = (mine, collected[1]) if mover == 1 else (collected[0], mine)
            pool = tuple(n for n in pool if n != move.pick)
        phase = state.phase
        sd_turns = state.sudden_death_turns + (1 if phase == "sudden-death" else 0)
        result: base.Outcome | None = None
        notes: list[str] = []
        valid: bool | None = None
        reason: str | None = None
        if move.declaration is not None:
            opts = state.options
            verdict = check_equation(
                move.declaration, collected[mover - 1], opts.ops, opts.double_digits
            )
            valid, reason = verdict.valid, verdict.reason
            notes.append(declaration_note(mover, valid, reason))
            if valid:
                result = base.Outcome(
                    winner=mover, ending=base.Ending.BALANCED, equation=move.declaration
                )
        after = state.model_copy(
            update={
                "pool": pool,
                "collected": collected,
                "to_move": base.other(mover),
                "sudden_death_turns": sd_turns,
                "result": result,
                "last_declaration": move.declaration,
                "last_valid": valid,
                "last_reason": reason,
            }
        )
        if result is None and phase == "draft" and not pool:
            after = after.model_copy(update={"phase": "sudden-death"})
            notes.append(sudden_death_note(base.other(mover)))
        elif result is None and sd_turns >= SUDDEN_DEATH_TURNS:
            after = after.model_copy(update={"result": tie_break(after)})
        return after.model_copy(update={"note": " ".join(notes) or None})

    def parse_move(self, text: str) -> CollectMove:
        head, declaration = read_move_with_equation(text, base.MoveSyntaxError)
        if not head and declaration is None:
            raise base.MoveSyntaxError("an empty move: write a number (7), 7:5-2=3, or :5-2=3 / :")
        if head and not _PICK.fullmatch(head):
            raise not_a_move(
                head,
                "write the number picked (7), optionally followed by ':' and the equation "
                "(7:5-2=3); in sudden death ':5-2=3' or ':'",
            )
        pick = int(head) if head else None
        return CollectMove(pick=pick, declaration=declaration)

    def format_move(self, move: CollectMove) -> str:
        head = "" if move.pick is None else str(move.pick)
        if move.declaration is None:
            return head if move.pick is not None else ":"
        return f"{head}:{move.declaration}"


GAME = CollectGame()

VARIANTS: dict[str, CollectOptions] = {
    "standard": CollectOptions(),
    "extended-pool": CollectOptions(pool=(1, 15)),
    "double-digits": CollectOptions(double_digits=True),
    "plus-minus": CollectOptions(ops=("+", "-")),
    "extended+double": CollectOptions(pool=(1, 15), double_digits=True),
    "extended+plus-minus": CollectOptions(pool=(1, 15), ops=("+", "-")),
    "double+plus-minus": CollectOptions(double_digits=True, ops=("+", "-")),
    "extended+double+plus-minus": CollectOptions(pool=(1, 15), double_digits=True, ops=("+", "-")),
    "player-2-first": CollectOptions(first=2),
}
