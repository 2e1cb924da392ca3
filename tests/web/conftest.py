"""Fixtures for the web tests: the web extra is required, a server per test or module."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.web.support import Served, require_web_extra


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """Start servers with the given arguments; each is stopped at the end of the test."""
    require_web_extra()
    started: list[Served] = []

    def start(*args: str, file_limit: int | None = None) -> Served:
        server = Served(tmp_path / "data", *args, file_limit=file_limit)
        started.append(server)
        return server

    yield start
    for server in started:
        leftover = server.stop()
        assert not leftover, f"app processes outlived the server: {leftover}"
