"""Does a set of collected numbers hold an equation? A memo over bit masks.

Holding one is monotone (more numbers keep it, RULINGS.md "collect"), so only a set whose
smaller subsets are all equation-free needs a search, and only for equations that use all
its numbers. Each part's values are kept per mask, as exact `(numerator, denominator)`
ints. The answer is exactly `find_equation(...) is not None` (checked by the tests).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from math import gcd

from rules.equation.search import find_equation
from rules.operators import Op

#: An exact rational: (numerator, denominator), denominator > 0, lowest terms.
Rational = tuple[int, int]


def _make(num: int, den: int) -> Rational:
    if den < 0:
        num, den = -num, -den
    g = gcd(num, den)
    return (num // g, den // g) if g > 1 else (num, den)


def _combine(x: Rational, y: Rational, ops: tuple[Op, ...], out: set[Rational]) -> None:
    """Add `x op y` and `y op x` for every operator (exact; division by zero skipped)."""
    a, b = x
    c, d = y
    for op in ops:
        if op == "+":
            out.add((a + c, 1) if b == d == 1 else _make(a * d + c * b, b * d))
        elif op == "*":
            out.add((a * c, 1) if b == d == 1 else _make(a * c, b * d))
        elif op == "-":
            if b == d == 1:
                out.add((a - c, 1))
                out.add((c - a, 1))
            else:
                out.add(_make(a * d - c * b, b * d))
                out.add(_make(c * b - a * d, b * d))
        else:
            if c:
                out.add(_make(a * d, b * c))
            if a:
                out.add(_make(c * b, d * a))


class EquationSets:
    """`holds(mask)`: whether the numbers in `mask` (bits over `numbers`) hold an equation."""

    def __init__(self, numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool):
        self.numbers = numbers
        self.ops = ops
        self.double_digits = double_digits
        self._holds: dict[int, bool] = {}
        self._values: dict[int, frozenset[Rational]] = {}

    def holds(self, mask: int) -> bool:
        known = self._holds.get(mask)
        if known is not None:
            return known
        found = False
        if mask & (mask - 1):  # at least two numbers
            rest = mask
            while rest and not found:
                bit = rest & -rest
                rest ^= bit
                found = self.holds(mask ^ bit)
            if not found:
                found = self._balances(mask)
        self._holds[mask] = found
        return found

    def _balances(self, mask: int) -> bool:
        """Two complementary parts of `mask` share a value (every number used)."""
        low = mask & -mask
        part = (mask - 1) & mask
        while part:
            if part & low and not self.values(part).isdisjoint(self.values(mask ^ part)):
                return True
            part = (part - 1) & mask
        return False

    def values(self, mask: int) -> frozenset[Rational]:
        """Every value the numbers of `mask` make, each used once (as `find_equation`)."""
        found = self._values.get(mask)
        if found is not None:
            return found
        members = [i for i in range(len(self.numbers)) if mask >> i & 1]
        result: set[Rational] = set()
        if len(members) == 1:
            result.add((self.numbers[members[0]], 1))
        else:
            if self.double_digits and all(1 <= self.numbers[i] <= 9 for i in members):
                for order in permutations(members):
                    result.add((int("".join(str(self.numbers[i]) for i in order)), 1))
            low = mask & -mask
            part = (mask - 1) & mask
            while part:
                if part & low:
                    right = self.values(mask ^ part)
                    for x in self.values(part):
                        for y in right:
                            _combine(x, y, self.ops, result)
                part = (part - 1) & mask
        frozen = frozenset(result)
        self._values[mask] = frozen
        return frozen

    def equation(self, mask: int) -> str | None:
        """The equation `find_equation` gives for these numbers (None if there is none)."""
        chosen = tuple(n for i, n in enumerate(self.numbers) if mask >> i & 1)
        return find_equation(chosen, self.ops, self.double_digits)

    def mask_of(self, numbers: tuple[int, ...]) -> int:
        mask = 0
        for n in numbers:
            mask |= 1 << self.numbers.index(n)
        return mask


@lru_cache(maxsize=16)
def equation_sets(
    numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool
) -> EquationSets:
    """One shared memo per game setup (pool, operators, double digits)."""
    return EquationSets(numbers, ops, double_digits)
