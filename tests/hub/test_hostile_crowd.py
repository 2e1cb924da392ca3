"""Connections made at the same moment are given a grace on the hub before a newer one
closes them (app.hub.hub.UNASKED_GRACE, up to host_strangers.MAX_YOUNG): found by the
hostile soak, where a student connecting amid a flood of 300 connections was closed
before their request came. Past the crowd cap the oldest still go."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.hub.protocol import Admitted
from app.online import host_strangers
from tests.hub.support import Client, running_hub, until


async def _unfinished(port: int) -> asyncio.StreamWriter:
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /play HTTP/1.1\r\nHost: x\r\n")  # (the request never ends)
    await writer.drain()
    return writer


async def test_a_crowd_of_young_connections_does_not_close_a_student(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_strangers, "MAX_YOUNG", 120)
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.unasked.grace = 60.0  # (every connection of this test is young)
        writers = [await _unfinished(hub.port) for _ in range(100)]
        waiting = hub.unasked._waiting
        await until(lambda: len(waiting) == 100, "100 unfinished requests")
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.until(Admitted), Admitted)
        writers += [await _unfinished(hub.port) for _ in range(40)]
        await until(lambda: len(waiting) == 120, "the crowd cap")  # (past it: the oldest go)
        for writer in writers:
            writer.close()
        await ada.close()
