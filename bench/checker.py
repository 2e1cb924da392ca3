"""Figures for the equation checker: time per verdict once sympy is loaded, the cost of
loading sympy itself, and the worst case over hostile and random inputs.

    python bench/checker.py
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

sys.path.insert(0, ".")

HOSTILE = [
    "",
    "1" * 10_000,
    "(" * 5000 + "1" + ")" * 5000 + "=1",
    "((((" * 2500,
    "(" * 98 + "1" + ")" * 98 + "= 1",
    "__import__('os').system('echo pwned')",
    "9" * 199 + "=",
    "1+" * 99 + "1=1",
    "6÷(3−3)=1",
    "(5 + 1) × 3 = 18",
    "6 ÷ 4 = 3 ÷ 2",
    "12=3*4",
]


def cold_import_seconds() -> float:
    code = "import time; t=time.perf_counter(); import sympy; print(time.perf_counter()-t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    from rules.equation import check_equation

    print(f"import sympy, cold process: {cold_import_seconds() * 1000:.0f} ms")
    start = time.perf_counter()
    check_equation("1=1", [1, 1])
    print(f"first check (loads sympy):  {(time.perf_counter() - start) * 1000:.0f} ms")

    rng = random.Random(7)
    alphabet = "0123456789+-*/×÷()= "
    cases = HOSTILE + [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 200))) for _ in range(2000)
    ]
    owned = list(range(1, 16))
    times, worst = time_verdicts(check_equation, [(text, owned) for text in cases])
    print(
        f"verdicts: {len(cases)}  median {statistics.median(times) * 1000:.3f} ms  "
        f"p99 {sorted(times)[int(len(times) * 0.99)] * 1000:.3f} ms  worst {worst[0] * 1000:.2f} ms "
        f"({worst[1]!r})"
    )


def time_verdicts(
    check: Callable[..., object], cases: list[tuple[str, list[int]]]
) -> tuple[list[float], tuple[float, str]]:
    """Each verdict's time (double digits allowed), and the slowest with its text."""
    times = []
    worst = (0.0, "")
    for text, owned in cases:
        t = time.perf_counter()
        check(text, owned, double_digits=True)
        dt = time.perf_counter() - t
        times.append(dt)
        worst = max(worst, (dt, text[:40]))
    return times, worst


def double_digit_cases() -> list[tuple[str, list[int]]]:
    """The assignment's worst shapes (issue 10): many owned 1, 2 pairs and long equations
    of joined numerals, which a backtracking assignment took seconds to minutes on."""
    cases = []
    for pairs in (14, 24, 50):
        owned = [1, 2] * pairs
        terms = ["12", "21"] * (pairs // 2)
        cases.append(("+".join(terms[:-1]) + "=" + terms[-1], owned))
        cases.append(("+".join(["12"] * (pairs - 1)) + "+21=" + "1" * 3, owned))
    big = "+".join(["12", "21"] * 24)[:150]
    cases.append((big.rstrip("+") + "=74", [1, 2] * 24))
    # What a game can reach: a collect player holds at most 8 of the 15 numbers.
    rng = random.Random(3)
    for _ in range(300):
        owned = rng.sample(range(1, 16), 8)
        digits = "".join(str(n) for n in owned if n < 10)
        terms = ["".join(rng.sample(digits, min(len(digits), 2))) for _ in range(4)]
        cases.append(("+".join(terms[:3]) + "=" + terms[3], owned))
    return cases


def double_digits() -> None:
    from rules.equation import check_equation

    times, worst = time_verdicts(check_equation, double_digit_cases())
    print(
        f"double digits: {len(times)} verdicts  median {statistics.median(times) * 1000:.3f} ms"
        f"  worst {worst[0] * 1000:.2f} ms ({worst[1]!r})"
    )


if __name__ == "__main__":
    main()
    double_digits()
