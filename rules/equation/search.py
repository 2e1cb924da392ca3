"""Find an equation among numbers: for every sub-multiset (a bit mask) the exact values it
makes; an equation is two disjoint subsets sharing a value, smallest subsets first.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from rules.operators import ALL_OPS, Op

ATOM, SUM, PRODUCT = 3, 1, 2
_PREC: dict[Op, int] = {"+": SUM, "-": SUM, "*": PRODUCT, "/": PRODUCT}

#: An exact value: a whole number as an `int` (fast), anything else as a `Fraction`. The
#: two kinds compare and hash alike (`Fraction(3) == 3`), so one value is one dict key.
Exact = int | Fraction

#: value -> (expression in ASCII notation, precedence of its outermost operator)
Values = dict[Exact, tuple[str, int]]


def _apply(a: Exact, op: Op, b: Exact) -> Exact | None:
    """`a op b` exactly, whole results as `int`; None when it divides by zero."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if not b:
        return None
    if type(a) is int and type(b) is int:
        whole, rest = divmod(a, b)
        return whole if not rest else Fraction(a, b)
    value = Fraction(a) / b
    return value.numerator if value.denominator == 1 else value


def _wrap(expr: tuple[str, int], need: int, strict: bool) -> str:
    text, prec = expr
    if prec < need or (strict and prec == need):
        return f"({text})"
    return text


class _Search:
    def __init__(self, numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool):
        self.numbers = numbers
        self.ops = ops
        self.double_digits = double_digits
        self.memo: dict[int, Values] = {}

    def values(self, mask: int) -> Values:
        found = self.memo.get(mask)
        if found is not None:
            return found
        members = [i for i in range(len(self.numbers)) if mask >> i & 1]
        result: Values = {}
        if len(members) == 1:
            value = self.numbers[members[0]]
            result[value] = (str(value), ATOM)
        else:
            if self.double_digits and all(1 <= self.numbers[i] <= 9 for i in members):
                for order in permutations(members):
                    numeral = "".join(str(self.numbers[i]) for i in order)
                    result.setdefault(int(numeral), (numeral, ATOM))
            low = members[0]
            sub = (mask - 1) & mask
            while sub:
                if sub & (1 << low):  # each unordered split once; the order is tried below
                    self._combine(result, self.values(sub), self.values(mask ^ sub))
                sub = (sub - 1) & mask
        self.memo[mask] = result
        return result

    def _combine(self, result: Values, left: Values, right: Values) -> None:
        for a, a_expr in left.items():
            for b, b_expr in right.items():
                for op in self.ops:
                    prec = _PREC[op]
                    strict = op in "-/"
                    for x, x_expr, y, y_expr in ((a, a_expr, b, b_expr), (b, b_expr, a, a_expr)):
                        value = _apply(x, op, y)
                        if value is None or value in result:
                            continue
                        text = _wrap(x_expr, prec, False) + op + _wrap(y_expr, prec, strict)
                        result[value] = (text, prec)

    def equation(self) -> str | None:
        """The simplest equation: fewest numbers, then shortest, then fewest − and ÷."""
        n = len(self.numbers)
        by_size: dict[int, list[int]] = {}
        for union in range(1, 1 << n):
            by_size.setdefault(bin(union).count("1"), []).append(union)
        for size in range(2, n + 1):
            found = [text for union in by_size.get(size, []) for text in self._equations(union)]
            if found:
                return min(found, key=_simplicity)
        return None

    def _equations(self, union: int) -> list[str]:
        found = []
        low = union & -union
        sub = (union - 1) & union
        while sub:
            if sub & low:
                left, right = self.values(sub), self.values(union ^ sub)
                for value in left.keys() & right.keys():
                    a, b = left[value], right[value]
                    if a[1] == ATOM and b[1] != ATOM:  # the single number goes on the right
                        a, b = b, a
                    found.append(f"{a[0]}={b[0]}")
            sub = (sub - 1) & union
        return found


def _simplicity(text: str) -> tuple[int, int, int, str]:
    return (len(text), text.count("("), sum(text.count(c) for c in "-/"), text)


@lru_cache(maxsize=65536)
def _find(numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool) -> str | None:
    return _Search(numbers, ops, double_digits).equation()


def find_equation(
    owned: Sequence[int], ops: Sequence[Op] = ALL_OPS, double_digits: bool = False
) -> str | None:
    """A balancing equation (ASCII notation, no spaces) from the owned numbers, or None."""
    canonical_ops = tuple(op for op in ALL_OPS if op in ops)
    return _find(tuple(sorted(owned)), canonical_ops, double_digits)
