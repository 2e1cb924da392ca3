"""The browser's websocket messages: what textual.js sends passes, nothing else does."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.serve.messages import (
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_TEXT,
    BadMessage,
    Message,
    parse_message,
    size_from_query,
)


def test_what_textual_js_sends_is_accepted() -> None:
    assert parse_message('["stdin", "4"]') == Message(kind="stdin", text="4")
    assert parse_message('["stdin", "\\u00f7\\u001b[A"]') == Message(kind="stdin", text="÷\x1b[A")
    assert parse_message('["resize", {"width": 133, "height": 44}]') == Message(
        kind="resize", width=133, height=44
    )
    assert parse_message('["ping", "1764140000000"]') == Message(kind="ping", text="1764140000000")
    assert parse_message('["blur"]') == Message(kind="blur")
    assert parse_message('["focus"]') == Message(kind="focus")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("not json", "not JSON"),
        ("{}", "not a non-empty JSON list"),
        ("[]", "not a non-empty JSON list"),
        ('["reboot", 1]', "unknown message type"),
        ("[1]", "unknown message type"),
        ('["stdin"]', "exactly one value"),
        ('["stdin", "a", "b"]', "exactly one value"),
        ('["stdin", 42]', "not text"),
        ('["stdin", "\\ud800"]', "not valid Unicode"),
        ('["resize", [80, 24]]', "not an object"),
        ('["resize", {"width": "80", "height": 24}]', "width is not a whole number"),
        ('["resize", {"width": 80.5, "height": 24}]', "width is not a whole number"),
        ('["resize", {"width": true, "height": 24}]', "width is not a whole number"),
        ('["resize", {"width": 80}]', "height is not a whole number"),
        ('["resize", {"width": 0, "height": 24}]', "outside"),
        ('["resize", {"width": 80, "height": 100000}]', "outside"),
        ('["ping", "' + "x" * 500 + '"]', "too long"),
        (json.dumps(["stdin", "x" * (MAX_TEXT + 1)]), "too long"),
        ("[" * 5000 + "]" * 5000, "not JSON"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(data: str, reason: str) -> None:
    with pytest.raises(BadMessage, match=reason):
        parse_message(data)


@given(st.text(max_size=200))
def test_any_text_is_a_message_or_refused(data: str) -> None:
    with contextlib.suppress(BadMessage):
        parse_message(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(
    st.sampled_from(["stdin", "resize", "ping", "blur", "focus", "x"]), st.lists(JSON, max_size=3)
)
def test_any_json_envelope_is_a_message_or_refused(kind: str, body: list[object]) -> None:
    try:
        message = parse_message(json.dumps([kind, *body]))
    except BadMessage:
        return
    assert message.kind == kind
    if kind == "resize":
        assert 1 <= message.width <= MAX_COLUMNS and 1 <= message.height <= MAX_ROWS


def test_size_in_the_address() -> None:
    assert size_from_query(None, None) == (80, 24)
    assert size_from_query("133", "44") == (133, 44)
    for width, height in (("80x", "24"), ("-1", "24"), ("0", "24"), ("80", "99999"), ("٣", "24")):
        with pytest.raises(BadMessage):
            size_from_query(width, height)
