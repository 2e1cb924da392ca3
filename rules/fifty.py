"""Equation Duel: Exactly Fifty (seed 002, RULINGS.md "fifty"); the rules are in
`rules/texts/fifty.md`. Notation: `A op B` without spaces (`6*7`, `9-5`, `7/2`).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Annotated

from pydantic import Field, model_validator

from rules import base
from rules.notation import read_notation
from rules.operators import ALL_OPS, Op, apply_whole, parse_op, shown
from rules.validation import between, span
from rules.words.outcome import record_reason

#: Limits for the options (RULINGS.md, "fifty"; the brief's allowed ranges).
TARGET_RANGE = (1, 200)
POOL_LIMITS = (1, 15)


class FiftyOptions(base.GameOptions):
    """How a game of Exactly Fifty is set up."""

    target: Annotated[int, between("the target", *TARGET_RANGE)] = Field(
        default=50, description="The score to reach exactly (1 to 200)."
    )
    pool: Annotated[tuple[int, int], span("the pool", *POOL_LIMITS, two=True)] = Field(
        default=(1, 9), description="The lowest and highest number in the shared pool."
    )

    def numbers(self) -> tuple[int, ...]:
        """Every number of the pool at the start."""
        return tuple(range(self.pool[0], self.pool[1] + 1))

    def second_player(self) -> base.PlayerNo:
        """The player who did not start (wins ties)."""
        return base.other(self.first)


class FiftyMove(base.Frozen):
    """One turn: the equation `a op b` (order matters for − and ÷)."""

    a: int
    op: Op
    b: int


class FiftyState(base.GameState):
    """A position: the numbers left, both scores and whose turn it is."""

    options: FiftyOptions = Field(default_factory=FiftyOptions)
    pool: tuple[int, ...] = Field(description="The unused numbers, in increasing order.")
    scores: tuple[int, int] = (0, 0)
    #: The player who reached the target exactly (and won), if any.
    hit: base.PlayerNo | None = None
    #: The player who went over the target (and lost), if any.
    busted: base.PlayerNo | None = None

    @model_validator(mode="after")
    def _consistent(self) -> FiftyState:
        if list(self.pool) != sorted(set(self.pool)):
            raise ValueError("the pool must list different numbers in increasing order")
        allowed = set(self.options.numbers())
        strays = [n for n in self.pool if n not in allowed]
        if strays:
            raise ValueError(f"{strays[0]} is not a number of the pool {self.pool_text()}")
        if self.hit is not None and self.busted is not None:
            raise ValueError("a game cannot be both won on the target and lost over it")
        return self

    def pool_text(self) -> str:
        lo, hi = self.options.pool
        return f"{lo} to {hi}"

    def used(self) -> tuple[int, ...]:
        """The numbers already used, in increasing order."""
        return tuple(n for n in self.options.numbers() if n not in self.pool)

    def score(self, player: base.PlayerNo) -> int:
        return self.scores[player - 1]


def result(a: int, op: Op, b: int) -> int:
    """The value of `a op b`; ÷ keeps the quotient without the remainder (7 ÷ 2 = 3)."""
    return apply_whole(a, op, b)


def preview(state: FiftyState, move: FiftyMove) -> tuple[int, int]:
    """The equation's result and the score it would give the player to move (unchecked)."""
    value = result(move.a, move.op, move.b)
    return value, state.score(state.to_move) + value


def equation_text(move: FiftyMove, value: int | None = None, ascii_ops: bool = False) -> str:
    """`6 × 7` or, with the value, `6 × 7 = 42` (ASCII `6 * 7 = 42` for plain mode)."""
    op = move.op if ascii_ops else shown(move.op)
    text = f"{move.a} {op} {move.b}"
    return text if value is None else f"{text} = {value}"


@cache  # at most 15 × 14 pairs (POOL_LIMITS): 840 moves, about 410 KB
def _moves_of(a: int, b: int) -> tuple[FiftyMove, ...]:
    """The four moves `a op b` (moves are immutable, so one model serves every pool)."""
    return tuple(FiftyMove(a=a, op=op, b=b) for op in ALL_OPS)


@lru_cache(maxsize=1024)
def _moves_over(pool: tuple[int, ...]) -> tuple[FiftyMove, ...]:
    """Every `a op b` of two different numbers of `pool`, asked for again and again; the
    tuples share `_moves_of`'s models, which keeps the cache small."""
    return tuple(m for a in pool for b in pool if a != b for m in _moves_of(a, b))


_MOVE = re.compile(r"^([0-9]{1,9}) ?([^0-9 ]+) ?([0-9]{1,9})$")


class FiftyGame(base.Game[FiftyOptions, FiftyState, FiftyMove], game_id="fifty"):
    def new(self, options: FiftyOptions | None = None) -> FiftyState:
        options = options or FiftyOptions()
        return FiftyState(options=options, pool=options.numbers(), to_move=options.first)

    def legal_moves(self, state: FiftyState) -> list[FiftyMove]:
        if self.outcome(state) is not None:
            return []
        return list(_moves_over(state.pool))

    def check(self, state: FiftyState, move: FiftyMove) -> None:
        """Raise IllegalMove (what was wrong, what is allowed) if `move` cannot be played."""
        outcome = self.outcome(state)
        if outcome is not None:
            raise base.IllegalMove(f"The game is over: {record_reason(outcome)}")
        missing = next((n for n in (move.a, move.b) if n not in state.pool), None)
        if missing in state.options.numbers():
            why = f"{missing} is already used"
        elif missing is not None:
            why = f"{missing} is not in the pool ({state.pool_text()})"
        elif move.a == move.b:
            why = f"{move.a} is chosen twice"
        else:
            return
        available = " ".join(str(n) for n in state.pool)
        raise base.IllegalMove(  # (no full stop: every front end adds its own)
            f"Numbers must be different and unused: {why}. Available numbers: {available}"
        )

    def play(self, state: FiftyState, move: FiftyMove) -> FiftyState:
        self.check(state, move)
        mover = state.to_move
        value, score = preview(state, move)
        scores = (score, state.scores[1]) if mover == 1 else (state.scores[0], score)
        pool = tuple(n for n in state.pool if n not in (move.a, move.b))
        target = state.options.target
        hit = mover if score == target else None
        busted = mover if score > target else None
        notes: list[str] = []
        if move.op == "/" and move.a % move.b:
            notes.append(
                f"Integer division: {equation_text(move, value)}, "
                f"the remainder {move.a % move.b} is dropped."
            )
        if hit is None and busted is None and len(pool) < 2:
            if pool:
                notes.append(f"Only {pool[0]} is left: the game ends.")
            else:
                notes.append("No numbers are left: the game ends.")
        return state.model_copy(
            update={
                "pool": pool,
                "scores": scores,
                "to_move": base.other(mover),
                "note": " ".join(notes) or None,
                "hit": hit,
                "busted": busted,
            }
        )

    def outcome(self, state: FiftyState) -> base.Outcome | None:
        target = state.options.target
        if state.hit is not None:
            return base.Outcome(
                winner=state.hit, ending=base.Ending.EXACTLY, player=state.hit, values=(target,)
            )
        if state.busted is not None:
            return base.Outcome(
                winner=base.other(state.busted),
                ending=base.Ending.OVER,
                player=state.busted,
                values=(state.score(state.busted), target),
            )
        if len(state.pool) >= 2:
            return None
        one, two = state.scores
        if one == two:
            return base.Outcome(
                winner=state.options.second_player(), ending=base.Ending.EQUAL_SCORES, values=(one,)
            )
        winner: base.PlayerNo = 1 if one > two else 2  # both are at most the target
        best, worst = max(one, two), min(one, two)
        return base.Outcome(winner=winner, ending=base.Ending.CLOSEST, values=(best, target, worst))

    def parse_move(self, text: str) -> FiftyMove:
        match = read_notation(
            text, _MOVE, "write a number, an operator and another number, like 6*7 or 9-5"
        )
        op = parse_op(match.group(2))
        if op is None:
            raise base.MoveSyntaxError(
                f"{match.group(2)!r} is not an operator: use + - * / (or + − × ÷)"
            )
        return FiftyMove(a=int(match.group(1)), op=op, b=int(match.group(3)))

    def format_move(self, move: FiftyMove) -> str:
        return f"{move.a}{move.op}{move.b}"


GAME = FiftyGame()

#: Every variant the rules text names (seed + rulings + the options the brief allows).
VARIANTS: dict[str, FiftyOptions] = {
    "standard": FiftyOptions(),
    "player-2-first": FiftyOptions(first=2),
    "target-30": FiftyOptions(target=30),
    "target-100": FiftyOptions(target=100),
    "pool-1-8": FiftyOptions(pool=(1, 8)),
    "small-pool": FiftyOptions(pool=(1, 6), target=20),
    "extended-pool": FiftyOptions(pool=(1, 15)),
    "extended-pool+target-100": FiftyOptions(pool=(1, 15), target=100),
    "small-pool+player-2-first": FiftyOptions(pool=(1, 6), target=20, first=2),
}
