"""The store's one interface gives the same answers on SQLite and on PostgreSQL (this
file runs on both: tests/hub/conftest.py), and a store opened again finds it all; a
PostgreSQL URL without psycopg, or a server that cannot be reached, is refused in words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.hub.store import GameRow, StoreProblem, Student, open_store
from tests.hub.support import open_test_store


def test_the_roster_tokens_and_games_are_kept_and_found_again(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    code = store.class_code()
    assert store.admit("Ada") and not store.admit("ADA") and store.admit("Bo")
    store.give_token("ada", "hash-of-ada")
    store.give_token("Cy", "hash-of-cy")  # (a first join of a name nobody admitted ahead)
    assert store.remove("bo") and not store.remove("Bo")
    first = store.new_game("fifty", ("Ada", "Cy"))
    second = store.new_game("collect", ("Cy", "Ada"))
    assert second > first
    store.keep_record(first, '{"moves": ["7"]}')
    store.game_over(first, "Ada wins, 50 to 41.")
    store.close()

    again = open_test_store(tmp_path / "hub.sqlite3")
    assert again.class_code() == code
    assert again.roster() == [Student("Ada", "hash-of-ada"), Student("Cy", "hash-of-cy")]
    assert again.student("ADA") == Student("Ada", "hash-of-ada") and again.student("Bo") is None
    assert again.games() == [
        GameRow(first, "fifty", ("Ada", "Cy"), "Ada wins, 50 to 41."),
        GameRow(second, "collect", ("Cy", "Ada"), ""),
    ]
    assert again.record(first) == '{"moves": ["7"]}' and again.record(second) == ""
    assert again.record(second + 1) == ""
    again.close()


def test_postgresql_without_psycopg_names_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # (as if it were not installed)
    monkeypatch.delitem(sys.modules, "app.hub.store_pg", raising=False)
    with pytest.raises(StoreProblem, match=r"pip install 'equation-duel\[hub-pg\]'"):
        open_store("postgresql://teacher@school.example/class")


def test_a_server_that_cannot_be_reached_is_said_in_words_without_the_password() -> None:
    from app.hub.store_pg import shown

    with pytest.raises(StoreProblem, match="cannot open the database") as problem:
        open_store("postgresql://teacher:s3cret@127.0.0.1:1/class?sslmode=disable")
    assert "s3cret" not in str(problem.value)
    assert "postgresql://teacher@127.0.0.1:1/class" in str(problem.value)
    assert shown("postgres://t:pw@[::1]:5/c?password=pw") == "postgres://t@[::1]:5/c"
