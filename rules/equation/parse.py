"""Tokens to postfix (RPN) with the shunting-yard algorithm: iterative, so no depth of
parentheses can exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.equation.tokens import EquationSyntaxError, Token
from rules.operators import ALL_OPS, Op, shown

PRECEDENCE: dict[Op, int] = {"+": 1, "-": 1, "*": 2, "/": 2}


@dataclass(frozen=True, slots=True)
class Step:
    """One postfix step: push a number (`numeral`), push a slot (`slot`), or apply `op`."""

    numeral: str | None = None
    slot: int | None = None
    op: Op | None = None


def _label(token: Token) -> str:
    if token.kind == "op" and token.op is not None:
        return shown(token.op)
    return token.text


def to_postfix(
    tokens: Sequence[Token], *, ops: Sequence[Op] = ALL_OPS, side: str = "the expression"
) -> list[Step]:
    """Postfix steps for one side of an equation (or a whole template)."""
    if not tokens:
        raise EquationSyntaxError(f"{side} is empty: it needs at least one number", at_end=True)
    output: list[Step] = []
    stack: list[Token] = []
    expect_operand = True
    previous: Token | None = None
    slot_count = 0
    for token in tokens:
        kind = token.kind
        if kind in ("num", "slot", "("):
            if not expect_operand and previous is not None:
                raise EquationSyntaxError(
                    f"put an operator between {_label(previous)} and {_label(token)}: "
                    "implicit multiplication is not allowed"
                )
            if kind == "(":
                stack.append(token)
            elif kind == "num":
                output.append(Step(numeral=token.text))
                expect_operand = False
            else:
                output.append(Step(slot=slot_count))
                slot_count += 1
                expect_operand = False
        elif kind == "op":
            op = token.op
            assert op is not None
            if op not in ops:
                allowed = " ".join(shown(o) for o in ops)
                raise EquationSyntaxError(
                    f"{shown(op)} is not allowed in this game (only {allowed})"
                )
            if expect_operand:
                if op in "+-" and (previous is None or previous.kind in ("(", "op")):
                    sign = "minus" if op == "-" else "plus"
                    raise EquationSyntaxError(
                        f"a {sign} sign needs a number before it: unary {sign} is not allowed"
                    )
                raise EquationSyntaxError(f"{shown(op)} needs a number before it")
            while stack and stack[-1].kind == "op":
                top = stack[-1].op
                assert top is not None
                if PRECEDENCE[top] < PRECEDENCE[op]:
                    break
                output.append(Step(op=top))
                stack.pop()
            stack.append(token)
            expect_operand = True
        elif kind == ")":
            if expect_operand:
                if previous is not None and previous.kind == "(":
                    raise EquationSyntaxError("empty parentheses ( ) are not allowed")
                raise EquationSyntaxError("a number is missing before )")
            while stack and stack[-1].kind != "(":
                popped = stack.pop()
                assert popped.op is not None
                output.append(Step(op=popped.op))
            if not stack:
                raise EquationSyntaxError("there is a ) without a matching (")
            stack.pop()
        previous = token
    if expect_operand:
        if previous is not None and previous.kind == "op":
            raise EquationSyntaxError(
                f"{side} ends with an operator: a number is missing", at_end=True
            )
        raise EquationSyntaxError(f"{side} has an unclosed (", at_end=True)
    while stack:
        popped = stack.pop()
        if popped.kind == "(":
            raise EquationSyntaxError(f"{side} has an unclosed (", at_end=True)
        assert popped.op is not None
        output.append(Step(op=popped.op))
    return output


def split_sides(tokens: Sequence[Token]) -> tuple[list[Token], list[Token]]:
    """The two sides of an equation around its one `=`."""
    equals = [i for i, token in enumerate(tokens) if token.kind == "="]
    if not equals:
        raise EquationSyntaxError("an equation needs an = between its two sides", at_end=True)
    if len(equals) > 1:
        raise EquationSyntaxError("an equation has exactly one = sign")
    at = equals[0]
    return list(tokens[:at]), list(tokens[at + 1 :])
