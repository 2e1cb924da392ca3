"""On PostgreSQL only (the `postgres` set): a server that drops the hub's connection fails
one statement in words, and the next connects again."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from app.hub.store import StoreProblem
from tests.hub import support
from tests.hub.postgres import Server

pytestmark = pytest.mark.postgres


@pytest.fixture(autouse=True)
def hub_database(_postgres: Server, monkeypatch: pytest.MonkeyPatch) -> str:
    """This file's tests run on PostgreSQL only (in place of tests/hub/conftest.py's)."""
    monkeypatch.setattr(support, "server", _postgres)
    monkeypatch.setattr(support, "databases", {})
    return "postgresql"


def test_a_lost_connection_fails_one_statement_and_the_next_connects_again(
    tmp_path: Path, _postgres: Server
) -> None:
    store = support.open_test_store(tmp_path / "hub.sqlite3")
    assert store.admit("Ada")
    with psycopg.connect(_postgres.url("postgres"), autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (support.database_for(tmp_path / "hub.sqlite3").rpartition("/")[2],),
        )
    with pytest.raises(StoreProblem, match=r"the class's database postgresql://.* failed"):
        store.admit("Bo")
    assert store.admit("Bo") and [s.name for s in store.roster()] == ["Ada", "Bo"]
    store.close()
