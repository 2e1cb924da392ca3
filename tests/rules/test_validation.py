"""Pydantic's validation errors read as the validators' own sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.fifty import FiftyOptions, FiftyState
from rules.registry import get_game
from rules.validation import all_problems, field_of, first_problem


def test_a_validator_message_loses_pydantic_prefix() -> None:
    with pytest.raises(ValidationError) as caught:
        FiftyOptions(target=500)
    field, message = first_problem(caught.value)
    assert field == "target"
    assert message == "the target must be between 1 and 200, not 500"
    assert all_problems(caught.value) == message


def test_several_problems_are_joined() -> None:
    with pytest.raises(ValidationError) as caught:
        FiftyOptions(target=0, pool=(9, 1))
    text = all_problems(caught.value)
    assert "the target must be between" in text and "; " in text and "Value error" not in text


def test_pydantic_own_messages_pass_through() -> None:
    with pytest.raises(ValidationError) as caught:
        FiftyOptions.model_validate({"target": "many"})
    field, message = first_problem(caught.value)
    assert field == "target" and "integer" in message


def test_a_nested_field_is_named_by_its_path() -> None:
    with pytest.raises(ValidationError) as caught:
        FiftyState.model_validate({"options": {"target": 500}, "pool": [1, 2]})
    assert first_problem(caught.value) == (
        "options.target",
        "the target must be between 1 and 200, not 500",
    )


def test_field_of_names_the_top_level_field() -> None:
    with pytest.raises(ValidationError) as caught:
        FiftyState.model_validate({"options": {"target": 500}, "pool": [1, 2]})
    assert field_of(caught.value.errors()[0]) == "options"


def test_no_other_module_strips_pydantic_prefixes() -> None:
    """rules/validation.py is the one reader of pydantic's message prefixes."""
    root = Path(__file__).resolve().parents[2]
    copies = [
        str(path.relative_to(root))
        for folder in ("rules", "app", "widgets")
        for path in (root / folder).rglob("*.py")
        if path.name != "validation.py" and '"Value error, "' in path.read_text("utf-8")
    ]
    assert copies == []


@pytest.mark.parametrize(
    ("game_id", "data", "message"),
    [
        (
            "countdown",
            {"pool": (3, 2)},
            "the pool must run from a lowest to a highest number within 1 to 9, not 3-2",
        ),
        ("countdown", {"target": 0}, "the target must be between 1 and 1000, not 0"),
        ("fifty", {"pool": (4, 4)}, "within 1 to 15 (at least two numbers), not 4-4"),
        ("collect", {"pool": (0, 9)}, "within 1 to 15, not 0-9"),
        ("template", {"rounds_to_win": 10}, "the round wins needed must be between 1 and 9"),
    ],
)
def test_option_limits_are_refused_in_words(
    game_id: str, data: dict[str, object], message: str
) -> None:
    """The games share one sentence for a number out of range and one for a range (no
    `1 <= lo <= hi <= 9` notation)."""
    with pytest.raises(ValidationError) as caught:
        get_game(game_id).options_from(data)
    assert message in all_problems(caught.value)
    assert "<=" not in all_problems(caught.value)
