"""The live preview of an equation being typed (shown under the equation line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.equation import preview_equation as preview


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


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=250), st.lists(st.integers(0, 20), max_size=8) | st.none())
def test_preview_of_any_text_is_a_message(text: str, owned: list[int] | None) -> None:
    kind, message = preview(text, owned=owned)
    assert kind in {"empty", "partial", "balanced", "unequal", "problem"}
    assert message
