"""The tokens kept on a student's machine are a file anyone may edit: whatever it holds,
reading it never raises, and a token kept is read back for its class only."""

from __future__ import annotations

import pytest

from app.hub.tokens import FILE_NAME, keep_token, kept_token
from app.online.codes import Address
from app.store.data_folder import ensure_data_dir

ADDRESS = Address("abcdef", "127.0.0.1", 1)


@pytest.fixture(autouse=True)
def hub_database() -> str:
    """No records: run once."""
    return "none"


@pytest.mark.parametrize(
    "held",
    ["[" * 100_000, "{" * 100_000, "[1, 2]", "not json", ""],
    ids=["nested", "open", "a list", "no json", "empty"],
)
def test_a_file_that_holds_no_tokens_gives_none_and_is_written_afresh(held: str) -> None:
    (ensure_data_dir() / FILE_NAME).write_text(held, encoding="utf-8")
    assert kept_token(ADDRESS, "Ada") == ""
    keep_token(ADDRESS, "Ada", "t0ken")
    assert kept_token(ADDRESS, "ada") == "t0ken"
    assert kept_token(Address("abcdeg", "127.0.0.1", 1), "Ada") == ""
