"""The live preview of an equation being typed (shown under the equation line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.equation.check import check_equation
from rules.equation.preview import preview_equation as preview
from tests.rules.test_equation import ALPHABET, equations


def test_equation_preview() -> None:
    assert preview("")[0] == "empty"
    assert preview("6 - 4 = 2") == ("balanced", "2 = 2 · balances · uses 6, 4, 2")
    assert preview("6 * 4 = 2")[0] == "unequal"
    assert preview("6 / (3 - 3) = 2")[0] == "problem"
    assert preview("6 - 4 =")[0] == "partial"
    kind, message = preview("9 - 4 = 5", owned=(4, 5, 6))
    assert kind == "problem" and "you do not have number 9" in message
    assert preview("6 + 2", ops=("+",))[0] == "partial"
    assert preview("6 ^ 2 = 36")[0] == "problem"


@settings(deadline=None)
@given(st.text(max_size=250), st.lists(st.integers(0, 20), max_size=8) | st.none())
def test_preview_of_any_text_is_a_message(text: str, owned: list[int] | None) -> None:
    kind, message = preview(text, owned=owned)
    assert kind in {"empty", "partial", "balanced", "unequal", "problem"}
    assert message


# One judge (issue 9): the preview is the verdict, computed early.

ONE_JUDGE_CASES = [
    ("-4+4=0", [4, 4, 0], "unary minus is not allowed"),
    ("2(3)=6", [2, 3, 6], "implicit multiplication is not allowed"),
    ("2(3)=6", [2, 6], "implicit multiplication is not allowed"),
    ("9-4=5", [4, 5], "you do not have number 9"),
    ("6/(3-3)=2", [6, 3, 3, 2], "it divides by zero"),
    ("6*4=2", [6, 4, 2], "the sides are not equal: 24 ≠ 2"),
]


def test_preview_gives_the_verdicts_first_reason() -> None:
    for text, owned, reason in ONE_JUDGE_CASES:
        verdict = check_equation(text, owned)
        assert verdict.reason is not None and reason in verdict.reason
        assert verdict.reason in preview(text, owned=owned)[1], text


def _same_judge(text: str, owned: list[int] | None, double_digits: bool = False) -> None:
    verdict = check_equation(text, owned, double_digits=double_digits)
    kind, message = preview(text, owned=owned, double_digits=double_digits)
    if not text.strip():
        assert kind == "empty"
    elif verdict.valid:
        assert kind == "balanced"
    elif verdict.incomplete:  # only the end is missing: partial, or a number not owned
        assert kind == "partial" or (kind == "problem" and "you " in message)
    else:
        assert verdict.reason is not None and verdict.reason in message
        assert kind == ("unequal" if verdict.kind == "unequal" else "problem")


@settings(deadline=None, derandomize=True)
@given(equations())
def test_preview_reason_is_the_verdict_reason_on_built_equations(
    case: tuple[str, list[int], object, object],
) -> None:
    text, owned, _, _ = case
    _same_judge(text, owned)
    _same_judge("-" + text, owned)
    _same_judge(text.replace("*", "(", 1), owned)


@settings(deadline=None, derandomize=True)
@given(
    st.text(alphabet=ALPHABET, max_size=40),
    st.lists(st.integers(0, 15), max_size=8) | st.none(),
    st.booleans(),
)
def test_preview_reason_is_the_verdict_reason_on_random_text(
    text: str, owned: list[int] | None, double_digits: bool
) -> None:
    _same_judge(text, owned, double_digits)
