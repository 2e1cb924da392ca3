"""A live preview of an equation being typed: each side's exact value and the numbers it
uses, for the screen's equation line. Its first reason is always the checker's."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.equation.check import check_equation
from rules.equation.owned import missing_number
from rules.equation.parse import Step, split_sides, to_postfix
from rules.equation.tokens import EquationSyntaxError, tokenize
from rules.operators import ALL_OPS, Op, apply_exact, format_fraction


def evaluate_steps(steps: Sequence[Step], slots: Sequence[int] = ()) -> Fraction | None:
    """The exact value of postfix steps (slots filled from `slots`); None on a zero divisor."""
    stack: list[Fraction] = []
    for step in steps:
        if step.numeral is not None:
            stack.append(Fraction(int(step.numeral)))
            continue
        if step.slot is not None:
            stack.append(Fraction(slots[step.slot]))
            continue
        right, left = stack.pop(), stack.pop()
        assert step.op is not None
        result = apply_exact(left, step.op, right)
        if result is None:
            return None
        stack.append(result)
    return stack[0]


def _show(value: Fraction | None) -> str:
    return "÷0" if value is None else format_fraction(value).replace("-", "−")


def preview_equation(
    text: str,
    owned: Sequence[int] | None = None,
    ops: Sequence[Op] = ALL_OPS,
    double_digits: bool = False,
) -> tuple[str, str]:
    """(kind, message) for the equation typed so far: `empty`, `partial`, `balanced`,
    `unequal` or `problem`. A finished text shows the checker's first reason (the one Enter
    gives); an unfinished one is `partial` unless a number it uses is not the player's."""
    if not text.strip():
        return "empty", "type an equation such as 6 − 4 = 2"
    verdict = check_equation(text, owned, ops, double_digits)
    if verdict.incomplete:
        return _partial(text, owned, ops, double_digits)
    uses = _uses(list(verdict.numerals))
    reason = verdict.reason or ""
    if verdict.kind == "malformed":
        return "problem", reason
    if verdict.kind == "not-owned":
        return "problem", f"{uses}: {reason}"
    if verdict.kind == "zero-division":
        return "problem", f"{_show(verdict.left)} = {_show(verdict.right)} · {reason}"
    if verdict.kind == "unequal":
        return "unequal", f"{reason} · {uses}"
    return "balanced", f"{_show(verdict.left)} = {_show(verdict.right)} · balances · {uses}"


def _uses(numerals: list[str]) -> str:
    return "uses " + ", ".join(numerals) if numerals else "no numbers yet"


def _partial(
    text: str, owned: Sequence[int] | None, ops: Sequence[Op], double_digits: bool
) -> tuple[str, str]:
    tokens = tokenize(text)  # the verdict read it: it tokenizes
    numerals = [t.text for t in tokens if t.kind == "num"]
    uses = _uses(numerals)
    if owned is not None and numerals:
        missing = missing_number(numerals, owned, double_digits)
        if missing is not None:
            return "problem", f"{uses}: {missing}"
    if not any(t.kind == "=" for t in tokens):
        try:
            value = evaluate_steps(to_postfix(tokens, ops=ops))
        except EquationSyntaxError:
            return "partial", f"{uses} · add = and the other side"
        return "partial", f"left side {_show(value)} · {uses} · add = and the other side"
    left_tokens, _ = split_sides(tokens)
    left = evaluate_steps(to_postfix(left_tokens, ops=ops, side="the left side"))
    return "partial", f"left side {_show(left)} · {uses} · finish the right side"
