"""Does a set of collected numbers hold an equation? A memo over bit masks.

`rules.equation.find_equation` answers for one set of numbers with a subset dynamic
programme over exact values. The solver asks the question for thousands of sets that
differ by one number, so this module adds what makes that cheap:

- holding an equation is monotone: an equation found among some numbers is still there
  when more numbers are added (numbers need not all be used, RULINGS.md "collect"). A set
  holds one as soon as one of its subsets one number smaller does, and only a set whose
  every smaller subset is equation-free needs the full search;
- every answer is kept per bit mask over the game's pool, so a set is searched once per
  game setup, whichever order its numbers were picked in.

The answers are exactly `find_equation(...) is not None`: the full search is the same
function the rules use to list declarations.
"""

from __future__ import annotations

from functools import lru_cache

from rules.equation import find_equation
from rules.operators import Op


class EquationSets:
    """`holds(mask)`: whether the numbers in `mask` (bits over `numbers`) hold an equation."""

    def __init__(self, numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool):
        self.numbers = numbers
        self.ops = ops
        self.double_digits = double_digits
        self._memo: dict[int, bool] = {}

    def holds(self, mask: int) -> bool:
        known = self._memo.get(mask)
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
                found = self.equation(mask) is not None
        self._memo[mask] = found
        return found

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
def equation_sets(numbers: tuple[int, ...], ops: tuple[Op, ...], double_digits: bool) -> EquationSets:
    """One shared memo per game setup (pool, operators, double digits)."""
    return EquationSets(numbers, ops, double_digits)
