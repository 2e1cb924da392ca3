"""Equation Conquest (seed 003): append numbers until the last three form an equation."""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field, field_validator

from rules import base
from rules.equation.check import pretty_equation
from rules.equation.tokens import EquationSyntaxError, tokenize
from rules.notation import not_a_move
from rules.operators import ALL_OPS, Op, apply_exact
from rules.player_text import read_move_with_equation

#: The pool ruling (RULINGS.md), as the refusal of any other pool says it.
POOL_RULING = (
    "the numbers always start at 1 (1-N, N from 2 to 9): with a pool that does not "
    "start at 1 some pairs cannot be completed and a game could go on for ever"
)


class ConquestOptions(base.GameOptions):
    declare: bool = Field(default=False, description="The mover must state the equation to win.")
    pool: tuple[int, int] = Field(default=(1, 9), description="The numbers players may append.")

    @field_validator("pool")
    @classmethod
    def _pool_in_range(cls, pool: tuple[int, int]) -> tuple[int, int]:
        low, high = pool
        if low != 1 or not 2 <= high <= 9:
            raise ValueError(POOL_RULING)
        return pool


class ConquestMove(base.Frozen):
    number: int
    declaration: str | None = None


class ConquestState(base.GameState):
    options: ConquestOptions = ConquestOptions()
    sequence: tuple[int, ...] = ()
    winner: base.PlayerNo | None = None
    equation: str | None = None  # the equation the last three numbers form, ASCII notation


def equations_of(a: int, b: int, c: int) -> list[str]:
    """Every equation `a op b = c` or `a = b op c` (ASCII notation), in operator order."""
    x, y, z = Fraction(a), Fraction(b), Fraction(c)
    left = [f"{a}{op}{b}={c}" for op in ALL_OPS if apply_exact(x, op, y) == z]
    return left + [f"{a}={b}{op}{c}" for op in ALL_OPS if apply_exact(y, op, z) == x]


def completing_numbers(a: int, b: int, low: int = 1, high: int = 9) -> list[int]:
    """The numbers that, appended after `a b`, form an equation."""
    return [c for c in range(low, high + 1) if equations_of(a, b, c)]


def declaration_error(declaration: str | None, last_three: tuple[int, ...]) -> str | None:
    """None when the declaration is an equation the last three numbers form; else why not."""
    if not declaration:
        return "no equation was stated"
    if len(last_three) < 3:
        return "an equation needs three numbers in the sequence"
    a, b, c = last_three
    try:
        tokens = tokenize(declaration)
    except EquationSyntaxError as error:
        return str(error)
    shape = [t.kind for t in tokens]
    numbers = [int(t.text) for t in tokens if t.kind == "num"]
    ops: list[Op] = [t.op for t in tokens if t.op is not None]
    wanted = f"the last three numbers {a}, {b}, {c} in order"
    if shape not in (["num", "op", "num", "=", "num"], ["num", "=", "num", "op", "num"]):
        return f"state it as a op b = c or a = b op c with {wanted}, no parentheses"
    if numbers != [a, b, c]:
        return f"the equation must use {wanted}"
    left = apply_exact(Fraction(a), ops[0], Fraction(b)) if shape[1] == "op" else Fraction(a)
    right = Fraction(c) if shape[1] == "op" else apply_exact(Fraction(b), ops[0], Fraction(c))
    if left is None or right is None or left != right:
        return f"{pretty_equation(declaration)} does not balance"
    return None


def last_three(sequence: tuple[int, ...]) -> tuple[int, int, int]:
    """The last three numbers of a sequence of at least three."""
    return sequence[-3], sequence[-2], sequence[-1]


class ConquestGame(base.Game[ConquestOptions, ConquestState, ConquestMove], game_id="conquest"):
    def new(self, options: ConquestOptions | None = None) -> ConquestState:
        options = options or ConquestOptions()
        return ConquestState(options=options, to_move=options.first)

    def outcome(self, state: ConquestState) -> base.Outcome | None:
        if state.winner is None or state.equation is None:
            return None
        ending = base.Ending.DECLARED if state.options.declare else base.Ending.FORMED
        return base.Outcome(winner=state.winner, ending=ending, equation=state.equation)

    def legal_moves(self, state: ConquestState) -> list[ConquestMove]:
        if state.winner is not None:
            return []
        low, high = state.options.pool
        moves = []
        for number in range(low, high + 1):
            declaration = None
            if state.options.declare and len(state.sequence) >= 2:
                found = equations_of(state.sequence[-2], state.sequence[-1], number)
                declaration = found[0] if found else None
            moves.append(ConquestMove(number=number, declaration=declaration))
        return moves

    def play(self, state: ConquestState, move: ConquestMove) -> ConquestState:
        if state.winner is not None:
            raise base.IllegalMove("the game is over")
        low, high = state.options.pool
        if not low <= move.number <= high:
            raise base.IllegalMove(
                f"{move.number} is not allowed: choose a number from {low} to {high}"
            )
        if move.declaration is not None and not state.options.declare:
            raise base.IllegalMove("equations are found for you in this game: just give a number")
        if move.declaration is not None and len(state.sequence) < 2:  # (RULINGS.md)
            raise base.IllegalMove(
                "a statement needs three numbers in the sequence, and with this one it "
                f"holds {len(state.sequence) + 1}: give the number alone"
            )
        sequence = (*state.sequence, move.number)
        player = state.to_move
        found = equations_of(*last_three(sequence)) if len(sequence) >= 3 else []
        won: str | None = None
        note: str | None = None
        if not found:
            if move.declaration is not None:
                note = (
                    f"No equation: {', '.join(map(str, sequence[-3:]))} form none. Game continues."
                )
        elif not state.options.declare:
            won = found[0]
        elif (problem := declaration_error(move.declaration, sequence[-3:])) is None:
            won = move.declaration
        else:
            there = pretty_equation(found[0])
            if move.declaration is None:
                note = f"The win is forfeited ({problem}); {there} was there. Game continues."
            else:  # the statement made is named, so the reason is read against it
                stated = pretty_equation(move.declaration)
                note = (
                    f"The win is forfeited: {stated} was stated, but "
                    f"{problem.replace(f'{stated} does not balance', 'it does not balance')}; "
                    f"{there} was there. Game continues."
                )
        if won is not None:
            return ConquestState(
                options=state.options,
                sequence=sequence,
                to_move=player,
                winner=player,
                equation=won,
            )
        return ConquestState(
            options=state.options, sequence=sequence, to_move=base.other(player), note=note
        )

    def parse_move(self, text: str) -> ConquestMove:
        number_text, declaration = read_move_with_equation(text, base.MoveSyntaxError)
        if not number_text.isascii() or not number_text.isdigit() or len(number_text) > 4:
            raise not_a_move(number_text, "give a number such as 5")
        return ConquestMove(number=int(number_text), declaration=declaration)

    def format_move(self, move: ConquestMove) -> str:
        if move.declaration is None:
            return str(move.number)
        return f"{move.number}:{move.declaration}"


GAME = ConquestGame()

VARIANTS: dict[str, ConquestOptions] = {
    "standard": ConquestOptions(),
    "declare": ConquestOptions(declare=True),
    "second-starts": ConquestOptions(first=2),
    "declare-second-starts": ConquestOptions(declare=True, first=2),
}
