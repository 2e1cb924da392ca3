"""A live preview of an equation being typed: each side's exact value and the numbers it
uses, for the screen's equation line. It never judges a move (the checker does)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

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
    """(kind, message) describing the equation typed so far: kind is `empty`, `partial`,
    `balanced`, `unequal` or `problem`."""
    if not text.strip():
        return "empty", "type an equation such as 6 − 4 = 2"
    try:
        tokens = tokenize(text)
    except EquationSyntaxError as error:
        return "problem", str(error)
    numerals = [t.text for t in tokens if t.kind == "num"]
    uses = "uses " + ", ".join(numerals) if numerals else "no numbers yet"
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
    try:
        left_tokens, right_tokens = split_sides(tokens)
        left = evaluate_steps(to_postfix(left_tokens, ops=ops, side="the left side"))
        right = evaluate_steps(to_postfix(right_tokens, ops=ops, side="the right side"))
    except EquationSyntaxError as error:
        return "partial", f"{uses} · {error}"
    if left is None or right is None:
        return "problem", f"{_show(left)} = {_show(right)} · it divides by zero"
    if left == right:
        return "balanced", f"{_show(left)} = {_show(right)} · balances · {uses}"
    return "unequal", f"{_show(left)} ≠ {_show(right)} · {uses}"
