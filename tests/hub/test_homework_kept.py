"""The homework kept on the student's machine is a file anyone may edit: whatever it
holds, opening it, saying it, handing it over to the board and handing its answers in
never raise (hypothesis), and what is sent is a message the hub reads."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.hub import homework_kept
from app.hub.homework import bank_set
from app.hub.homework_kept import FILE_NAME, OfflineHomework, hand_in_kept, keep
from app.hub.protocol import read_from_student
from app.hub.protocol_class import HomeworkAnswer
from app.online.codes import Address
from app.online.protocol import Message
from app.store.data_folder import ensure_data_dir

ADDRESS = Address("abcdef", "127.0.0.1", 1)
ROWS = [p.to_bank() for p in bank_set("template", "easy", 2, "homework:week1")]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(ROWS),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
answers = st.lists(
    st.fixed_dictionaries(
        {},
        optional={
            "puzzle": st.integers(-3, 2000) | json_values,
            "move": st.text(max_size=300) | json_values,
            "seconds": st.floats() | st.integers() | json_values,
        },
    )
    | json_values,
    max_size=6,
)
entries = st.fixed_dictionaries(
    {},
    optional={
        "puzzles": st.lists(st.sampled_from(ROWS) | json_values, max_size=25) | json_values,
        "left": st.lists(st.integers(-3, 5) | json_values, max_size=25) | json_values,
        "due": json_values,
        "what": json_values,
        "name": st.text(max_size=100) | json_values,
        "answers": answers | json_values,
    },
)


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records: run once."""
    return "none"


class Sent:
    """A client that keeps what it is asked to send."""

    def __init__(self) -> None:
        self.address, self.name = ADDRESS, "Ada"
        self.sent: list[Message] = []

    def send(self, message: Message) -> None:
        self.sent.append(message)


@settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(entry=entries, assignment=st.text(min_size=1, max_size=80))
def test_whatever_the_file_holds_nothing_raises(
    entry: dict[str, Any], assignment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(homework_kept, "PACE", 0.0)  # (the same for every example)
    keep(ADDRESS, "Ada", assignment, entry)
    opened = OfflineHomework.open(ADDRESS, "Ada", assignment)
    if not isinstance(opened, str):
        assert opened.words().startswith("Homework ")
        assert opened.as_set().puzzles
    client = Sent()
    asyncio.run(hand_in_kept(client, lambda _text: None, wait=False))  # type: ignore[arg-type]
    for message in client.sent:
        assert isinstance(read_from_student(message.model_dump_json()), HomeworkAnswer)


@pytest.mark.parametrize("left", [float("inf"), float("-inf")])
def test_tries_left_past_any_number_are_homework_that_cannot_be_read(left: float) -> None:
    """(JSON reads Infinity: int() of it overflowed, found by the test above.)"""
    keep(ADDRESS, "Ada", "week1", {"puzzles": ROWS, "left": [left, 2], "due": "2026-12-04"})
    opened = OfflineHomework.open(ADDRESS, "Ada", "week1")
    assert isinstance(opened, str) and opened.startswith("The homework kept here cannot be read")


def test_a_file_that_is_no_json_is_no_homework() -> None:
    (ensure_data_dir() / FILE_NAME).write_text("{" * 100_000, encoding="utf-8")
    assert OfflineHomework.open(ADDRESS, "Ada", "week1") == (
        "No homework week1 is kept here: connect once to fetch it."
    )
    keep(ADDRESS, "Ada", "week1", {"puzzles": ROWS, "left": [2, 2], "due": "2026-12-04"})
    assert json.loads((ensure_data_dir() / FILE_NAME).read_text(encoding="utf-8"))
