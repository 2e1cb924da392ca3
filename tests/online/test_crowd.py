"""Strangers have a small budget of their own and a short deadline: they never use up
the room the guest with the code needs (issue 36, item 3)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from app.online import host_strangers
from app.online.codes import parse_address
from app.online.host_admission import MAX_KNOCKING
from app.online.host_link import HostLink
from tests.online.procs import host
from tests.online.test_security import connect, hello, said


async def test_silent_websockets_never_keep_the_guest_out(tmp_path: Path) -> None:
    hosting, place = host("fifty", tmp_path / "host")
    address = parse_address(place)
    url = address.url()
    try:
        async with aiohttp.ClientSession() as session:
            silent = [await connect(session, url) for _ in range(MAX_KNOCKING + 4)]
            guest = await connect(session, url)  # (was: HTTP 503)
            assert (await hello(guest, address.code, name="Bob"))["kind"] == "welcome"
            oldest = await said(silent[0])  # the oldest were closed for the newer
            assert "Too many connections" in oldest.get("reason", "") or "closed" in oldest
            await guest.close()
            for ws in silent:
                await ws.close()
    finally:
        hosting.stop()


async def open_unfinished(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /play HTTP/1.1\r\nHost: x\r\n")  # (the request never ends)
    await writer.drain()
    return reader, writer


async def closed(reader: asyncio.StreamReader) -> bool:
    try:
        return await asyncio.wait_for(reader.read(), 5) == b""
    except ConnectionError:
        return True


async def test_unfinished_requests_are_closed_oldest_first_and_after_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_strangers, "MAX_UNASKED", 4)
    said_to_host: list[str] = []
    link = HostLink(
        "abc-def-ghj-kmn-pqr",
        "Ada",
        notice=said_to_host.append,
        seats={2: ("abc-def-ghj-kmn-pqr", None)},
    )
    port = await link.start()
    try:
        first = [await open_unfinished(port) for _ in range(4)]
        await asyncio.sleep(0.2)  # (accepted)
        newer = [await open_unfinished(port) for _ in range(2)]
        assert [await closed(reader) for reader, _ in first[:2]] == [True, True]
        monkeypatch.setattr(host_strangers, "REQUEST_SECONDS", 0.3)
        late = await open_unfinished(port)
        assert await closed(late[0])  # (within the deadline; the read waits 5 s at most)
        assert len(link.unasked._waiting) <= 4
        assert said_to_host == ["Refused a connection that was not this game's guest."]
        for _, writer in [*first, *newer, late]:
            writer.close()
    finally:
        await link.stop()
