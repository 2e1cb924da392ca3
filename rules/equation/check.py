"""The verdict on a declared equation: valid or not, why, and each side's exact value.

A player's text never reaches eval, sympify or parse_expr; sympy is imported lazily.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rules.equation.owned import missing_number
from rules.equation.parse import Step, split_sides, to_postfix
from rules.equation.tokens import EquationSyntaxError, Token, spaced, tokenize
from rules.operators import ALL_OPS, ARITHMETIC, Op, format_fraction

VerdictKind = Literal["malformed", "not-owned", "zero-division", "unequal"]


@dataclass(frozen=True, slots=True)
class Verdict:
    valid: bool
    reason: str | None = None
    kind: VerdictKind | None = None
    left: Fraction | None = None
    right: Fraction | None = None
    numerals: tuple[str, ...] = field(default=())
    #: Malformed only because the text stops too early (more writing could mend it).
    incomplete: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "reason": self.reason,
            "left": None if self.left is None else format_fraction(self.left),
            "right": None if self.right is None else format_fraction(self.right),
        }


class _ZeroDivision(Exception):
    pass


def _evaluate(steps: Sequence[Step]) -> Fraction:
    """Exact value of postfix steps with sympy; raises _ZeroDivision on a zero divisor."""
    import sympy

    stack: list[Any] = []
    for step in steps:
        if step.numeral is not None:
            stack.append(sympy.Integer(int(step.numeral)))
            continue
        right, left = stack.pop(), stack.pop()
        if step.op != "/":
            stack.append(ARITHMETIC[step.op](left, right))  # type: ignore[index]
        elif right == 0:  # checked on the evaluated value, so (3-3) is caught too
            raise _ZeroDivision
        else:
            stack.append(sympy.Rational(left, right))
    value = stack[0]
    return Fraction(int(value.p), int(value.q))


def _show(value: Fraction) -> str:
    text = format_fraction(value)
    return text.replace("-", "−")


def parse_equation(
    tokens: Sequence[Token], ops: Sequence[Op] = ALL_OPS
) -> tuple[list[Step], list[Step]]:
    """Both sides' postfix steps, read left to right: the first problem in the text is the
    one reported (EquationSyntaxError; `at_end` when only the end is missing)."""
    equals = [i for i, token in enumerate(tokens) if token.kind == "="]
    left_tokens = tokens[: equals[0]] if equals else tokens
    try:
        left_steps = to_postfix(left_tokens, ops=ops, side="the left side")
    except EquationSyntaxError as error:
        if equals and error.at_end:  # the text goes on after the left side
            raise EquationSyntaxError(str(error)) from None
        raise
    left_tokens, right_tokens = split_sides(tokens)
    right_steps = to_postfix(right_tokens, ops=ops, side="the right side")
    return left_steps, right_steps


def check_equation(
    text: str,
    owned: Sequence[int] | None,
    ops: Sequence[Op] = ALL_OPS,
    double_digits: bool = False,
) -> Verdict:
    """Judge a declaration; never raises. The first reason in the ruling's order:
    malformed, a number not owned (unchecked when `owned` is None), ÷ 0, unequal sides."""
    try:
        tokens = tokenize(text)
        left_steps, right_steps = parse_equation(tokens, ops)
    except EquationSyntaxError as error:
        return Verdict(False, str(error), "malformed", incomplete=error.at_end)
    numerals = tuple(t.text for t in tokens if t.kind == "num")
    values: list[Fraction | None] = []
    for steps in (left_steps, right_steps):
        try:
            values.append(_evaluate(steps))
        except _ZeroDivision:
            values.append(None)
    left, right = values
    missing = None if owned is None else missing_number(numerals, owned, double_digits)
    if missing is not None:
        return Verdict(False, missing, "not-owned", left, right, numerals)
    if left is None or right is None:
        return Verdict(False, "it divides by zero", "zero-division", left, right, numerals)
    if left != right:
        reason = f"the sides are not equal: {_show(left)} ≠ {_show(right)}"
        return Verdict(False, reason, "unequal", left, right, numerals)
    return Verdict(True, None, None, left, right, numerals)


def pretty_equation(text: str) -> str:
    """The display form: spaces around operators and `=`, screen symbols × ÷ −."""
    try:
        tokens = tokenize(text)
    except EquationSyntaxError:
        return text
    return spaced(tokens).strip()
