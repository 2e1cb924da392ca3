"""The equation checker: verdicts, reasons in the rulings' order, and safety on any text."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.equation.check import check_equation, pretty_equation
from rules.equation.search import _find, find_equation
from rules.equation.template import parse_template
from rules.player_text import normalize_equation

ALL = ("+", "-", "*", "/")


def verdict(text: str, owned: list[int], **kw: object):  # type: ignore[no-untyped-def]
    return check_equation(text, owned, **kw)  # type: ignore[arg-type]


# The seeds' own verdicts (000 examples 1 and 2, and its command-line sample).
@pytest.mark.parametrize(
    ("equation", "owned", "valid", "reason"),
    [
        ("5 - 2 = 3", [5, 2], False, "you do not have number 3"),
        ("7 - 3 = 4", [3, 7], False, "you do not have number 4"),
        ("5 - 2 = 3", [5, 2, 3], True, None),
        ("6 ÷ 2 = 3", [4, 6, 2], False, "you do not have number 3"),
        ("(5 + 1) × 3 = 18", [5, 3, 1], False, "you do not have number 18"),
        ("6 ÷ 2 = 3", [4, 6, 2, 3], True, None),
        ("6 - 4 = 2", [4, 6], False, "you do not have number 2"),
        ("5 + 3 = 8", [5, 3], False, "you do not have number 8"),
        ("6 - 4 = 2", [4, 6, 2], True, None),
    ],
)
def test_seed_000_equation_verdicts(
    equation: str, owned: list[int], valid: bool, reason: str | None
) -> None:
    result = check_equation(equation, owned)
    assert result.valid is valid
    assert result.reason == reason


def test_ruling_both_operator_spellings_accepted() -> None:
    for text in ("6/2=3", "6÷2=3", "2*3=6", "2×3=6", "2x3=6", "5-2=3", "5−2=3"):
        assert check_equation(text, [2, 3, 5, 6]).valid, text


def test_ruling_exactly_one_equals_sign_each_side_a_number() -> None:
    assert check_equation("5+2", [5, 2, 7]).reason == "an equation needs an = between its two sides"
    assert check_equation("5=5=5", [5, 5, 5]).reason == "an equation has exactly one = sign"
    assert (
        check_equation("=5", [5]).reason == "the left side is empty: it needs at least one number"
    )
    assert (
        check_equation("5=", [5]).reason == "the right side is empty: it needs at least one number"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("-2+5=3", "a minus sign needs a number before it: unary minus is not allowed"),
        ("+2+1=3", "a plus sign needs a number before it: unary plus is not allowed"),
        ("5-(-2)=7", "a minus sign needs a number before it: unary minus is not allowed"),
        ("2**3=8", "exponents are not allowed: use + − × ÷"),
        ("2^3=8", "exponents are not allowed: use + − × ÷"),
        ("1.5+1.5=3", "decimal points are not allowed: use whole numbers"),
        ("2(3)=6", "put an operator between 2 and (: implicit multiplication is not allowed"),
        ("(2)3=6", "put an operator between ) and 3: implicit multiplication is not allowed"),
        ("a=b", "'a' is not allowed in an equation"),
        ("٣=3", "'٣' is not one of the digits 0–9: write numbers with 0–9"),
        ("3=3\x00", "U+0000 is not allowed"),
        ("()=3", "empty parentheses ( ) are not allowed"),
        ("(3=3", "the left side has an unclosed ("),
        ("3)=3", "there is a ) without a matching ("),
        ("3+=3", "the left side ends with an operator: a number is missing"),
        ("03=3", "write 3, not 03: a number has no leading zero"),
        ("3==3", "write a single = between the two sides"),
        ("[3]=3", "use round parentheses ( ) only"),
    ],
)
def test_ruling_malformed_shapes_are_refused_with_a_reason(text: str, reason: str) -> None:
    result = check_equation(text, [2, 3, 5, 7, 1])
    assert not result.valid
    assert result.kind == "malformed"
    assert result.reason == reason


def test_ruling_equation_longer_than_200_characters_is_too_long() -> None:
    text = "(" * 150 + "1" + ")" * 150 + "=1"
    result = check_equation(text, [1, 1])
    assert result.kind == "malformed"
    assert result.reason == "the equation is too long (303 characters; at most 200)"
    ok = "(" * 98 + "1" + ")" * 98 + "= 1"  # 200 characters exactly, deep parentheses
    assert len(ok) == 200
    assert check_equation(ok, [1, 1]).valid


def test_ruling_each_number_used_at_most_as_often_as_collected() -> None:
    assert check_equation("3=3", [3]).reason == "you have number 3 only once"
    assert check_equation("3=3", [3, 3]).valid  # collected twice: may be used twice
    assert check_equation("3+3=6", [3, 6, 3]).valid


def test_ruling_numbers_need_not_all_be_used() -> None:
    assert check_equation("1+2=3", [1, 2, 3, 4, 5, 6]).valid


def test_ruling_exact_evaluation_six_quarters() -> None:
    result = check_equation("6 ÷ 4 = 3 ÷ 2", [6, 4, 3, 2])
    assert result.valid
    assert result.left == Fraction(3, 2)


def test_ruling_division_by_zero_anywhere_is_invalid() -> None:
    result = check_equation("6/(5-5)=1", [6, 5, 5, 1])
    assert result.kind == "zero-division"
    assert result.reason == "it divides by zero"
    assert check_equation("1=6/(2-2)", [1, 6, 2, 2]).kind == "zero-division"


def test_ruling_reason_order_malformed_then_owned_then_zero_then_unequal() -> None:
    assert check_equation("9/(3-3)=x", [1]).kind == "malformed"
    assert check_equation("9/(3-3)=1", [1]).kind == "not-owned"
    assert check_equation("9/(3-3)=1", [9, 3, 3, 1]).kind == "zero-division"
    result = check_equation("9-3=1", [9, 3, 1])
    assert result.kind == "unequal"
    assert result.reason == "the sides are not equal: 6 ≠ 1"


def test_ruling_operators_limited_to_plus_minus() -> None:
    result = check_equation("2×3=6", [2, 3, 6], ops=("+", "-"))
    assert result.kind == "malformed"
    assert result.reason == "× is not allowed in this game (only + −)"
    assert check_equation("2+4=6", [2, 4, 6], ops=("+", "-")).valid


def test_ruling_double_digits_join_collected_digits() -> None:
    assert check_equation("12=3*4", [1, 2, 3, 4], double_digits=True).valid
    assert check_equation("21=3*7", [1, 2, 3, 7], double_digits=True).valid
    assert not check_equation("12=3*4", [1, 2, 3, 4]).valid
    # each digit is used up by the number it joins
    result = check_equation("12=1*12", [1, 2, 1], double_digits=True)
    assert not result.valid
    assert result.kind == "not-owned"


def test_ruling_extended_pool_twelve_is_one_number() -> None:
    assert check_equation("12=3*4", [12, 3, 4]).valid
    assert check_equation("12-2=10", [12, 2, 10]).valid


def test_unequal_reason_shows_fractions_and_negatives() -> None:
    assert check_equation("1-2=3/2", [1, 2, 3, 2]).reason == "the sides are not equal: −1 ≠ 3/2"


def test_check_json_shape() -> None:
    assert check_equation("6/4=3/2", [6, 4, 3, 2]).as_json() == {
        "valid": True,
        "reason": None,
        "left": "3/2",
        "right": "3/2",
    }
    assert check_equation("x", []).as_json()["left"] is None


def test_notation_and_display_forms() -> None:
    assert normalize_equation(" 5 − 2 = 3 ") == "5-2=3"
    assert normalize_equation("6 ÷ 2 = 3 x 1") == "6/2=3*1"
    assert pretty_equation("5-2=3") == "5 − 2 = 3"
    assert pretty_equation("(5+1)*3=18") == "(5 + 1) × 3 = 18"


def test_find_equation_simplest_first() -> None:
    assert find_equation([1, 2, 3]) == "1+2=3"
    assert find_equation([2, 3, 6]) == "2*3=6"
    assert find_equation([4, 6]) is None
    assert find_equation([1, 5, 9]) is None
    assert find_equation([2, 4, 8], ops=("+", "-")) is None
    assert find_equation([1, 2, 3, 4], double_digits=True) == "1+2=3"
    assert find_equation([1, 2, 3, 4, 5], ops=("+",)) == "1+2=3"


def test_find_equation_answers_are_valid() -> None:
    import itertools

    for size in (3, 4, 5):
        for owned in itertools.combinations(range(1, 10), size):
            for ops in (ALL, ("+", "-")):
                for dd in (False, True):
                    found = find_equation(owned, ops, dd)
                    if found is not None:
                        assert check_equation(found, owned, ops, dd).valid, (owned, found)


def test_find_equation_agrees_with_brute_force_on_small_sets() -> None:
    """Every 3-set: an equation exists exactly when some a op b = c does."""
    import itertools

    from rules.operators import apply_exact

    for owned in itertools.combinations_with_replacement(range(1, 10), 3):
        brute = any(
            apply_exact(Fraction(a), op, Fraction(b)) == c
            for a, b, c in itertools.permutations(owned)
            for op in ALL
        ) or any(x == y for x, y in itertools.combinations(owned, 2))
        assert (find_equation(owned) is not None) == brute, owned


def test_template_parse_render_evaluate() -> None:
    template = parse_template("(_+_)x__")
    assert template.slots == 3
    assert template.text == "(_ + _) × _"
    assert template.render([9, None, 6]) == "(9 + __) × 6"
    assert template.evaluate([1, 2, 3]) == 9
    assert parse_template("_ ÷ (_ − _)").evaluate([1, 2, 2]) is None
    assert parse_template("_ + _ × _").evaluate([2, 3, 4]) == 14


# --- Safety: any text gets a verdict, quickly, and is never run as code -------------------


HOSTILE = [
    "__import__('os').system('echo pwned')",
    "().__class__.__bases__[0].__subclasses__()",
    "exec('1')=1",
    "lambda: 1 = 1",
    "1" * 10_000,
    "(" * 5000 + "1" + ")" * 5000 + "=1",
    "((((" * 2500,
    "\x1b[31m1=1",
    "１=１",  # full-width digits
    "𝟙=𝟙",
    "1\u200b=1",
    "",
    "=",
    "\n\n",
    "9" * 199 + "=",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_gets_a_verdict(text: str) -> None:
    result = check_equation(text, [1, 2, 3])
    assert not result.valid
    assert result.reason


def test_checker_never_evaluates_code(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    marker = tmp_path / "ran"
    monkeypatch.chdir(tmp_path)
    text = f"__import__('pathlib').Path('{marker}').touch()=1"
    assert not check_equation(text[:200], [1]).valid
    assert not marker.exists()


def test_checker_is_fast_once_sympy_is_loaded() -> None:
    """Not a timing assertion of the suite's speed: a hang guard (bench/ has the figures)."""
    check_equation("1=1", [1, 1])
    start = time.perf_counter()
    for text in HOSTILE:
        check_equation(text, [1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert time.perf_counter() - start < 5


@settings(deadline=None)
@given(st.text(max_size=300), st.lists(st.integers(0, 20), max_size=9), st.booleans())
def test_random_text_never_raises(text: str, owned: list[int], double_digits: bool) -> None:
    result = check_equation(text, owned, double_digits=double_digits)
    assert result.valid in (True, False)
    assert result.valid or result.reason


ALPHABET = "0123456789+-*/x×÷−()= ._^a\t"


@settings(deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60), st.lists(st.integers(1, 15), max_size=8))
def test_random_equationlike_text_never_raises(text: str, owned: list[int]) -> None:
    result = check_equation(text, owned)
    if result.valid:
        assert result.left == result.right


# Random expressions built from owned numbers: valid exactly when both sides are equal.


def _expression(numbers: list[int]) -> st.SearchStrategy[tuple[str, Fraction | None]]:
    def build(draw: st.DrawFn, items: list[int]) -> tuple[str, Fraction | None]:
        if len(items) == 1:
            return str(items[0]), Fraction(items[0])
        cut = draw(st.integers(1, len(items) - 1))
        left_text, left_value = build(draw, items[:cut])
        right_text, right_value = build(draw, items[cut:])
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        value: Fraction | None
        if left_value is None or right_value is None:
            value = None
        elif op == "+":
            value = left_value + right_value
        elif op == "-":
            value = left_value - right_value
        elif op == "*":
            value = left_value * right_value
        else:
            value = None if right_value == 0 else left_value / right_value
        symbol = draw(st.sampled_from({"+": "+", "-": "-−", "*": "*×x", "/": "/÷"}[op]))
        return f"({left_text}{symbol}{right_text})", value

    @st.composite
    def strategy(draw: st.DrawFn) -> tuple[str, Fraction | None]:
        return build(draw, numbers)

    return strategy()


@st.composite
def equations(draw: st.DrawFn) -> tuple[str, list[int], Fraction | None, Fraction | None]:
    owned = draw(st.lists(st.integers(0, 12), min_size=2, max_size=7))
    cut = draw(st.integers(1, len(owned) - 1))
    left_text, left_value = draw(_expression(owned[:cut]))
    right_text, right_value = draw(_expression(owned[cut:]))
    return f"{left_text}={right_text}", owned, left_value, right_value


# Built equations, as many as the run's profile says (tests/conftest.py); the soak's fuzz
# against the exact-fraction reference (tests/rules/test_equation_campaign.py) checks 20,000.
@settings(deadline=None)
@given(equations())
def test_built_equations_valid_exactly_when_sides_equal(
    case: tuple[str, list[int], Fraction | None, Fraction | None],
) -> None:
    text, owned, left, right = case
    if len(text) > 200:
        return
    result = check_equation(text, owned)
    if left is None or right is None:
        assert result.kind == "zero-division"
    else:
        assert result.valid == (left == right)
        assert (result.left, result.right) == (left, right)


def test_find_cache_is_bounded() -> None:
    assert _find.cache_info().maxsize is not None
