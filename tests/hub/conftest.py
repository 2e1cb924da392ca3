"""Every hub test runs twice: on SQLite (the default run) and on a real PostgreSQL (the
`postgres` set, `pytest -m postgres`, tests/hub/postgres.py). A test names its records
by a path (`running_hub(tmp_path / "hub.sqlite3")`); in the postgres set the same path
names a database of its own on this worker's server (`support.database_for`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.hub import support
from tests.hub.postgres import Server, postgres_server


@pytest.fixture(scope="session")
def _postgres() -> Iterator[Server]:
    with postgres_server() as server:
        yield server


@pytest.fixture(
    autouse=True, params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def hub_database(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which database this run of the test keeps the hub's records in."""
    if request.param == "postgresql":
        monkeypatch.setattr(support, "server", request.getfixturevalue("_postgres"))
        monkeypatch.setattr(support, "databases", {})
    return str(request.param)
