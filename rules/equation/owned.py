"""Which of a player's numbers an equation's numerals use, and whether they suffice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def _assign(numerals: list[str], stock: Counter[int], double_digits: bool) -> bool:
    """Can every numeral be taken from `stock` (backtracking; stock is restored)?"""
    if not numerals:
        return True
    numeral, rest = numerals[0], numerals[1:]
    value = int(numeral)
    if stock[value] > 0:
        stock[value] -= 1
        ok = _assign(rest, stock, double_digits)
        stock[value] += 1
        if ok:
            return True
    if double_digits and len(numeral) > 1:
        need = Counter(int(d) for d in numeral)
        if all(stock[d] >= k for d, k in need.items()):
            stock.subtract(need)
            ok = _assign(rest, stock, double_digits)
            stock.update(need)
            if ok:
                return True
    return False


def missing_number(
    numerals: Sequence[str], owned: Sequence[int], double_digits: bool
) -> str | None:
    """None when the owned numbers cover every numeral; otherwise the reason, naming a number."""
    stock = Counter(owned)
    # Longest numerals first: they are the hardest to place when digits may be joined.
    ordered = sorted(numerals, key=lambda n: (-len(n), n))
    if _assign(ordered, stock, double_digits):
        return None
    uses = Counter(numerals)
    for numeral in numerals:  # name the first numeral, in the order written, that fails
        value = int(numeral)
        alone = _assign([numeral], Counter(owned), double_digits)
        if not alone:
            if double_digits and len(numeral) > 1:
                return f"you do not have number {value}, and cannot join it from your digits"
            return f"you do not have number {value}"
        if stock[value] and uses[numeral] > stock[value] and not double_digits:
            return f"you have number {value} only {_times(stock[value])}"
    if not double_digits:  # unreachable in practice: a count always names the number above
        return "you do not have all the numbers this equation uses"
    return (
        "your numbers cannot make all of "
        + ", ".join(numerals)
        + " at once (each digit is used once)"
    )
