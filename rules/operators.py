"""The four operators: typed `+ - * /` or `+ − × ÷` (and `x`), shown `+ − × ÷`, held inside
the rules as ASCII `+ - * /`. Nothing else is an operator (RULINGS.md).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from fractions import Fraction
from typing import Literal

Op = Literal["+", "-", "*", "/"]
ALL_OPS: tuple[Op, ...] = ("+", "-", "*", "/")

#: Every way a player may write an operator, mapped to its ASCII symbol.
ALIASES: dict[str, Op] = {
    "+": "+",
    "-": "-",
    "−": "-",  # U+2212 minus sign
    "*": "*",
    "×": "*",
    "x": "*",
    "/": "/",
    "÷": "/",
}

SHOWN: dict[Op, str] = {"+": "+", "-": "−", "*": "×", "/": "÷"}
NAMES: dict[Op, str] = {"+": "addition", "-": "subtraction", "*": "multiplication", "/": "division"}


def parse_op(text: str) -> Op | None:
    """The ASCII operator for a written one, or None if it is not an operator."""
    return ALIASES.get(text)


def shown(op: Op) -> str:
    """The operator as the screen shows it: + − × ÷."""
    return SHOWN[op]


def ops_from_text(text: str | Iterable[object]) -> tuple[Op, ...]:
    """A set of operators written like `+-` or `+−×÷` (or a list), in canonical order;
    ValueError names an item that is not one."""
    found: set[Op] = set()
    for item in text:
        if isinstance(item, str) and (item.isspace() or item == ","):
            continue
        op = parse_op(item) if isinstance(item, str) else None
        if op is None:
            raise ValueError(f"{item!r} is not an operator (use + - * /)")
        found.add(op)
    if not found:
        raise ValueError("at least one operator is needed (use some of + - * /)")
    return tuple(op for op in ALL_OPS if op in found)


#: + − × as functions: the same in every kind of arithmetic the games use.
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def apply_exact(a: Fraction, op: Op, b: Fraction) -> Fraction | None:
    """`a op b` exactly; None when it divides by zero."""
    if op != "/":
        return ARITHMETIC[op](a, b)  # type: ignore[no-any-return]
    if b == 0:
        return None
    return a / b


def apply_whole(a: int, op: Op, b: int) -> int:
    """`a op b` in whole numbers, as fifty and countdown compute: ÷ keeps the quotient and
    discards the fraction, rounding toward zero (7 ÷ 2 = 3, −7 ÷ 2 = −3). `b` is not 0."""
    if op != "/":
        return ARITHMETIC[op](a, b)  # type: ignore[no-any-return]
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def format_fraction(value: Fraction) -> str:
    """`7/2` or `3`, as the checker's JSON and the screens write exact values."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"
