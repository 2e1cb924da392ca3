"""Which of a player's numbers an equation's numerals use, and whether they suffice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def _assign(numerals: Sequence[str], owned: Counter[int], double_digits: bool) -> bool:
    """Can every numeral be taken from the owned numbers at once? No search: a numeral is
    an owned number or, with double digits, joined from owned digits; a multi-digit value
    (10 or more, which no digit is) takes whole owned numbers first, and the rest, with
    every single-digit numeral, must fit in the owned digits."""
    need: Counter[int] = Counter()
    wholes = Counter(numerals)
    for numeral, count in wholes.items():
        value = int(numeral)
        if len(numeral) == 1 or not double_digits:
            need[value] += count
            continue
        joined = max(0, count - owned[value])
        for digit in numeral:
            need[int(digit)] += joined
    return all(owned[value] >= count for value, count in need.items())


def missing_number(
    numerals: Sequence[str], owned: Sequence[int], double_digits: bool
) -> str | None:
    """None when the owned numbers cover every numeral; otherwise the reason, naming a number."""
    stock = Counter(owned)
    if _assign(numerals, stock, double_digits):
        return None
    uses = Counter(numerals)
    for numeral in numerals:  # name the first numeral, in the order written, that fails
        value = int(numeral)
        alone = _assign([numeral], stock, double_digits)
        if not alone:
            if double_digits and len(numeral) > 1:
                return f"you do not have number {value}, and cannot join it from your digits"
            return f"you do not have number {value}"
        if stock[value] and uses[numeral] > stock[value] and not double_digits:
            return f"you have number {value} only {_times(stock[value])}"
    if not double_digits:  # unreachable in practice: a count always names the number above
        return "you do not have all the numbers this equation uses"
    shown = ", ".join(numerals[:8]) + (", …" if len(numerals) > 8 else "")
    return f"your numbers cannot make all of {shown} at once (each digit is used once)"
